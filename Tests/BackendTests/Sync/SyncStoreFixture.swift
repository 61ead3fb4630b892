import AI
import Core
import Foundation
import Postgres
import Storage
import TestSupport
import Testing

@testable import Backend

/// The two stores the sync contract's suites run against.
enum SyncStoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// `SQLiteSyncStore`: the contract in Swift over kiln-server's SQLite file.
  case sqlite
  /// `PostgresSyncStore`: the migration's own functions under row-level security.
  case postgres

  var testDescription: String { rawValue }
}

/// A new sync store of `kind`, migrated by kiln-server: a database of its own on the test
/// PostgreSQL, or a SQLite file in a new temporary directory.
struct SyncDatabase {
  let kind: SyncStoreKind
  let store: any SyncStore
  private let backing: Backing

  private enum Backing {
    case postgres(url: String, server: PostgresServerStore)
    case sqlite(directory: URL, database: SQLiteServerDatabase)
  }

  static func make(_ kind: SyncStoreKind = .postgres) async throws -> SyncDatabase {
    switch kind {
    case .postgres:
      let url = try await PostgresTestServer.shared().makeDatabase()
      let server = try PostgresServerStore(
        url: url, clock: ManualClock(start: storeNoon).appClock)
      try await server.migrate()
      return SyncDatabase(
        kind: kind, store: server.sync, backing: .postgres(url: url, server: server))
    case .sqlite:
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("kiln-sync-\(UUID().uuidString)", isDirectory: true)
      // The real clock, as PostgreSQL's `now()` is: a delete without a time takes it.
      let database = try SQLiteServerDatabase(
        directory: directory, clock: ManualClock(start: storeNoon).appClock)
      return SyncDatabase(
        kind: kind, store: SQLiteSyncStore(database: database, clock: .live),
        backing: .sqlite(directory: directory, database: database))
    }
  }

  /// A sync database over `server`, a migrated PostgreSQL store at `url`.
  static func postgres(url: String, server: PostgresServerStore) -> SyncDatabase {
    SyncDatabase(kind: .postgres, store: server.sync, backing: .postgres(url: url, server: server))
  }

  /// The PostgreSQL server store (a test failure and a thrown error on SQLite).
  var server: PostgresServerStore {
    get throws {
      guard case .postgres(_, let server) = backing else {
        throw PostgresError(.misuse, message: "the SQLite sync database has no PostgreSQL store")
      }
      return server
    }
  }

  /// The proxy's store over the same database: what the AI routes see of an account.
  var proxy: any ServerStore {
    switch backing {
    case .postgres(_, let server): server
    case .sqlite(_, let database):
      ServerStores(sqlite: database, clock: ManualClock(start: storeNoon).appClock).proxy
    }
  }

  /// Runs `sql` on the database directly, as its owner, with `?1` standing for `user`
  /// (lower-case): for rows of other parts of kiln-server, such as accounts.
  func executeAsOwner(_ sql: String, user: UUID) async throws {
    let id = user.uuidString.lowercased()
    switch backing {
    case .postgres(let url, _):
      let raw = try await PostgresConnection.connect(url: url)
      _ = try await raw.query(sql.replacingOccurrences(of: "?1", with: "$1"), [.text(id)])
      await raw.close()
    case .sqlite(let directory, _):
      let raw = try SQLiteConnection(
        path: directory.appendingPathComponent(SQLiteServerDatabase.defaultFileName).path)
      defer { raw.close() }
      try raw.run(sql, id)
    }
  }

  /// Makes `user` an account of kiln-server's own, as sign-up would.
  func addAccount(_ user: UUID) async throws {
    try await executeAsOwner(
      """
      INSERT INTO auth_users (id, email, metadata, created_at, updated_at)
      VALUES (upper(?1), ?1 || '@example.com', '{}', 0, 0)
      """, user: user)
  }

  /// The users that have a change sequence, lower-case, in order.
  func sequenceOwners() async throws -> [String] {
    switch backing {
    case .postgres(let url, _):
      let raw = try await PostgresConnection.connect(url: url)
      let rows = try await raw.query("SELECT user_id::text FROM public.sync_sequences ORDER BY 1")
      await raw.close()
      return try rows.rows.map { try $0.decode(String.self, at: 0) }
    case .sqlite(let directory, _):
      return try sqliteStrings(directory, "SELECT user_id FROM sync_sequences ORDER BY 1")
    }
  }

  /// The ids of every stored message of every user, lower-case, in order.
  func storedMessageIDs() async throws -> [String] {
    switch backing {
    case .postgres(let url, _):
      let raw = try await PostgresConnection.connect(url: url)
      let rows = try await raw.query("SELECT id::text FROM public.messages ORDER BY 1")
      await raw.close()
      return try rows.rows.map { try $0.decode(String.self, at: 0) }
    case .sqlite(let directory, _):
      return try sqliteStrings(directory, "SELECT id FROM sync_messages ORDER BY 1")
    }
  }

  /// Every ledger line as `request id: user id` (`none` for an anonymous line), in order.
  func ledgerLines() async throws -> [String] {
    let sql = """
      SELECT request_id || ': ' || coalesce(user_id, 'none') FROM usage_ledger
      ORDER BY request_id
      """
    switch backing {
    case .postgres(let url, _):
      let raw = try await PostgresConnection.connect(url: url)
      let rows = try await raw.query(sql)
      await raw.close()
      return try rows.rows.map { try $0.decode(String.self, at: 0) }
    case .sqlite(let directory, _):
      return try sqliteStrings(directory, sql)
    }
  }

  private func sqliteStrings(_ directory: URL, _ sql: String) throws -> [String] {
    let raw = try SQLiteConnection(
      path: directory.appendingPathComponent(SQLiteServerDatabase.defaultFileName).path)
    defer { raw.close() }
    return try raw.query(sql) { $0.string(0) }
  }

  /// `sync_push` of `changes` as `user`, its answer parsed.
  func push(_ changes: [SyncJSON], as user: UUID) async throws -> SyncJSON {
    try parseJSON(
      try await store.perform(.push(changes: try jsonText(.array(changes))), as: caller(user)))
  }

  /// The refusal of `sync_push` of `changes` as `user` (a test failure when it succeeds).
  func pushRefusal(_ changes: [SyncJSON], as user: UUID) async throws -> SyncCallError? {
    let text = try jsonText(.array(changes))
    return await #expect(throws: SyncCallError.self) {
      try await store.perform(.push(changes: text), as: caller(user))
    }
  }

  /// The results of `sync_push` of `changes` as `user`.
  func results(_ changes: [SyncJSON], as user: UUID) async throws -> [SyncJSON] {
    try #require(try await push(changes, as: user)["results"]?.arrayValue)
  }

  /// `sync_pull(since, max_rows)` as `user`, its answer parsed.
  func pull(since: Int64 = 0, maxRows: Int = 1000, as user: UUID) async throws -> SyncJSON {
    try parseJSON(try await store.perform(.pull(since: since, maxRows: maxRows), as: caller(user)))
  }

  /// The rows of every page of `user`'s changes since 0, oldest first.
  func allRows(of user: UUID) async throws -> [SyncJSON] {
    var rows: [SyncJSON] = []
    var since: Int64 = 0
    while true {
      let page = try await pull(since: since, maxRows: 1000, as: user)
      rows += try #require(page["changes"]?.arrayValue)
      since = Int64(try #require(page["next"]?.numberValue))
      if page["has_more"] != .bool(true) { return rows }
    }
  }

  /// A raw connection to the PostgreSQL database as its owner.
  func connect() async throws -> PostgresConnection {
    guard case .postgres(let url, _) = backing else {
      throw PostgresError(.misuse, message: "a raw connection needs the PostgreSQL store")
    }
    return try await PostgresConnection.connect(url: url)
  }

  func close() async {
    switch backing {
    case .postgres(_, let server):
      await server.close()
    case .sqlite(let directory, let database):
      await database.close()
      try? FileManager.default.removeItem(at: directory)
    }
  }
}

/// A signed-in user's caller: claims as kiln-server verifies them.
func caller(_ user: UUID) -> SyncCaller {
  SyncCaller(userID: user, claims: claims(of: user))
}

func claims(of user: UUID) -> String {
  #"{"sub":"\#(user.uuidString)","role":"authenticated","aud":"authenticated"}"#
}

func jsonText(_ value: SyncJSON) throws -> String {
  String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
}

func parseJSON(_ text: String) throws -> SyncJSON {
  try JSONDecoder().decode(SyncJSON.self, from: Data(text.utf8))
}

/// A JSON value, for reading the functions' answers and writing changes: AI's `JSONValue`.
typealias SyncJSON = JSONValue

extension JSONValue {
  subscript(key: String) -> SyncJSON? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  var arrayValue: [SyncJSON]? {
    if case .array(let items) = self { return items }
    return nil
  }

  var numberValue: Double? {
    if case .number(let number) = self { return number }
    return nil
  }

  var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The object without `keys`.
  func removing(_ keys: String...) -> SyncJSON {
    guard case .object(var members) = self else { return self }
    for key in keys { members[key] = nil }
    return .object(members)
  }
}

/// A clock value: milliseconds, counter and a device numbered `device`.
func hlc(_ milliseconds: Int, _ counter: Int = 0, device: Int = 1) -> String {
  let ms = String(milliseconds)
  let count = String(counter)
  return String(repeating: "0", count: 15 - ms.count) + ms + "-"
    + String(repeating: "0", count: 5 - count.count) + count + "-" + deviceID(device)
}

func deviceID(_ number: Int) -> String {
  let digits = String(number, radix: 16)
  return "dddddddd-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
}

/// A UUID made from a small number and a prefix, so tests read their ids.
func syncID(_ number: Int, prefix: String = "c0ffee00") -> UUID {
  let digits = String(number, radix: 16)
  let text = "\(prefix)-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
  return UUID(uuidString: text) ?? UUID()
}

let userA = syncID(1, prefix: "aaaaaaaa")
let userB = syncID(2, prefix: "bbbbbbbb")

/// A wire time `seconds` after 2026-12-02T10:00:00.000Z.
func wireTime(_ seconds: Double) -> String {
  let date = Date(timeIntervalSince1970: 1_796_205_600 + seconds)
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  formatter.timeZone = TimeZone(identifier: "UTC")
  return formatter.string(from: date)
}

/// An upsert of `table`.
func change(
  _ table: String, _ row: [String: SyncJSON], clocks: [String: String] = [:]
) -> SyncJSON {
  change(table, "upsert", row, clocks: clocks)
}

/// A change of `table`.
func change(
  _ table: String, _ op: String, _ row: [String: SyncJSON], clocks: [String: String] = [:]
) -> SyncJSON {
  .object([
    "table": .string(table), "op": .string(op), "row": .object(row),
    "clocks": .object(clocks.mapValues { .string($0) }),
  ])
}

/// A conversation row with defaults the tests override.
func conversationRow(
  _ id: UUID, title: String = "Trip", pinned: Bool = false, created: Double = 0,
  updated: Double = 0, deleted: Double? = nil
) -> [String: SyncJSON] {
  [
    "id": .string(id.uuidString), "title": .string(title), "persona_name": .null,
    "persona_id": .null, "is_pinned": .bool(pinned), "is_archived": .bool(false),
    "created_at": .string(wireTime(created)), "updated_at": .string(wireTime(updated)),
    "deleted_at": deleted.map { .string(wireTime($0)) } ?? .null,
  ]
}

/// A finished message row with defaults the tests override.
func messageRow(
  _ id: UUID, in conversation: UUID, content: String = "Hello", created: Double = 0,
  deleted: Double? = nil
) -> [String: SyncJSON] {
  [
    "id": .string(id.uuidString), "conversation_id": .string(conversation.uuidString),
    "parent_id": .null, "role": .string("user"), "content": .string(content),
    "status": .string("complete"), "model": .null, "finish_reason": .null,
    "prompt_tokens": .null, "completion_tokens": .null, "reasoning": .null,
    "error_code": .null, "created_at": .string(wireTime(created)),
    "deleted_at": deleted.map { .string(wireTime($0)) } ?? .null,
  ]
}

/// A memory row with defaults the tests override.
func memoryRow(
  _ id: UUID, content: String = "Likes tea", source: String? = "chat", created: Double = 0,
  updated: Double = 0, deleted: Double? = nil
) -> [String: SyncJSON] {
  [
    "id": .string(id.uuidString), "content": .string(content),
    "source": source.map { .string($0) } ?? .null,
    "created_at": .string(wireTime(created)), "updated_at": .string(wireTime(updated)),
    "deleted_at": deleted.map { .string(wireTime($0)) } ?? .null,
  ]
}
