import Foundation
import TestSupport
import Testing

@testable import Backend

/// Seeded random histories (several devices, random clocks, upserts and deletes of a few
/// ids) pushed in two different orders into two users' data give the same rows, and pushing
/// one order twice changes nothing: the merge is commutative and idempotent on PostgreSQL.
@Suite("SyncStore convergence")
struct SyncStoreConvergenceTests {
  /// One change of the history, before it is made concrete for a user.
  struct Event {
    var table: String
    var op: String
    var entity: Int
    var clocks: [String: String]
    var updated: Double
    var deleted: Double
    /// Index of the event that must reach the server first (a message after its
    /// conversation's creation, a message's later changes after its creation).
    var after: Int?
  }

  static let conversationKeys = ["title", "persona", "is_pinned", "is_archived"]
  static let memoryKeys = ["content", "source"]
  /// Message entity → its conversation entity.
  static let messageConversation = [10: 0, 11: 0, 12: 1]

  static func randomClock(using generator: inout SeededGenerator) -> String {
    hlc(
      Int.random(in: 1...40, using: &generator), Int.random(in: 0...2, using: &generator),
      device: Int.random(in: 1...3, using: &generator))
  }

  static func history(seed: UInt64) -> [Event] {
    var generator = SeededGenerator(state: seed)
    var events: [Event] = []
    var creation: [Int: Int] = [:]
    func create(_ table: String, _ entity: Int, keys: [String], after: Int?) {
      var clocks: [String: String] = [:]
      for key in keys { clocks[key] = randomClock(using: &generator) }
      creation[entity] = events.count
      events.append(
        Event(
          table: table, op: "upsert", entity: entity, clocks: clocks,
          updated: Double.random(in: 0...50, using: &generator).rounded(), deleted: 0,
          after: after))
    }
    create("conversations", 0, keys: conversationKeys, after: nil)
    create("conversations", 1, keys: conversationKeys, after: nil)
    for (message, conversation) in messageConversation.sorted(by: { $0.key < $1.key }) {
      create("messages", message, keys: ["body"], after: creation[conversation])
    }
    create("memories", 20, keys: memoryKeys, after: nil)
    for _ in 0..<36 {
      let entity = [0, 1, 2, 10, 11, 12, 20, 21].randomElement(using: &generator) ?? 0
      let table = entity >= 20 ? "memories" : entity >= 10 ? "messages" : "conversations"
      let keys =
        table == "memories" ? memoryKeys : table == "messages" ? ["body"] : conversationKeys
      var clocks: [String: String] = [:]
      for key in keys where Bool.random(using: &generator) {
        clocks[key] = randomClock(using: &generator)
      }
      let isDelete = Int.random(in: 0..<5, using: &generator) == 0
      events.append(
        Event(
          table: table, op: isDelete ? "delete" : "upsert", entity: entity, clocks: clocks,
          updated: Double.random(in: 0...50, using: &generator).rounded(),
          deleted: Double.random(in: 20...60, using: &generator).rounded(),
          after: table == "messages" ? creation[entity] : nil))
    }
    return events
  }

  /// A random order of `events` in which every event comes after the one it waits for.
  static func order(of events: [Event], seed: UInt64) -> [Int] {
    var generator = SeededGenerator(state: seed)
    var done: Set<Int> = []
    var order: [Int] = []
    while order.count < events.count {
      let ready = events.indices.filter { index in
        !done.contains(index) && (events[index].after.map(done.contains) ?? true)
      }
      guard let next = ready.randomElement(using: &generator) else { break }
      done.insert(next)
      order.append(next)
    }
    return order
  }

  /// The value of `key` set under `clock`: the same clock always carries the same value.
  static func value(_ key: String, _ clock: String?) -> String {
    "\(key)@\(clock.map { String($0.prefix(21)) + String($0.suffix(2)) } ?? "initial")"
  }

  /// The event as a change of `user`'s ids.
  static func change(_ event: Event, prefix: String) -> SyncJSON {
    let id = syncID(event.entity, prefix: prefix)
    let created = Double(event.entity)
    let deleted: Double? = event.op == "delete" ? event.deleted : nil
    var row: [String: SyncJSON]
    switch event.table {
    case "conversations":
      row = conversationRow(
        id, title: value("title", event.clocks["title"]),
        pinned: event.clocks["is_pinned"].map { $0.hasSuffix("1") || $0.hasSuffix("3") } ?? false,
        created: created, updated: event.updated, deleted: deleted)
      row["persona_name"] = .string(value("persona", event.clocks["persona"]))
      row["is_archived"] = .bool(event.clocks["is_archived"]?.contains("-00001-") ?? false)
    case "messages":
      let conversation = syncID(messageConversation[event.entity] ?? 0, prefix: prefix)
      row = messageRow(
        id, in: conversation, content: value("body", event.clocks["body"]), created: created,
        deleted: deleted)
    default:
      row = memoryRow(
        id, content: value("content", event.clocks["content"]),
        source: value("source", event.clocks["source"]), created: created,
        updated: event.updated, deleted: deleted)
    }
    return PostgresSyncFixtureChange.make(event.table, event.op, row, clocks: event.clocks)
  }

  /// Pushes `order` of `events` as `user` in batches of random sizes.
  static func push(
    _ events: [Event], in order: [Int], as user: UUID, prefix: String, seed: UInt64,
    into database: SyncDatabase
  ) async throws {
    var generator = SeededGenerator(state: seed)
    var start = 0
    while start < order.count {
      let end = min(order.count, start + Int.random(in: 1...7, using: &generator))
      let batch = order[start..<end].map { change(events[$0], prefix: prefix) }
      _ = try await database.push(batch, as: user)
      start = end
    }
  }

  /// `user`'s rows keyed by table and id, without what differs between users.
  static func rows(of user: UUID, in database: SyncDatabase) async throws -> [String: SyncJSON] {
    var rows: [String: SyncJSON] = [:]
    for entry in try await database.allRows(of: user) {
      guard let row = entry["row"], case .string(let id)? = row["id"],
        case .string(let table)? = entry["table"]
      else {
        Issue.record("a pulled change without a table or an id")
        continue
      }
      var normalized = row.removing("change_seq", "user_id", "id")
      if case .string(let conversation)? = row["conversation_id"] {
        normalized = normalized.removing("conversation_id")
        if case .object(var members) = normalized {
          members["conversation"] = .string(String(conversation.dropFirst(8)))
          normalized = .object(members)
        }
      }
      rows["\(table) \(id.dropFirst(8))"] = normalized
    }
    return rows
  }

  @Test(arguments: SyncStoreKind.allCases, Array(UInt64(1)...UInt64(12)))
  func twoOrdersOfOneHistoryGiveTheSameRowsAndRepeatingOneChangesNothing(
    kind: SyncStoreKind, seed: UInt64
  )
    async throws
  {
    let database = try await SyncDatabase.make(kind)
    let events = Self.history(seed: seed)
    let first = Self.order(of: events, seed: seed &* 31)
    let second = Self.order(of: events, seed: seed &* 97 &+ 5)
    #expect(first.count == events.count && second.count == events.count)
    try await Self.push(
      events, in: first, as: userA, prefix: "aaaaaaaa", seed: seed, into: database)
    try await Self.push(
      events, in: second, as: userB, prefix: "bbbbbbbb", seed: seed &+ 1, into: database)
    let rowsA = try await Self.rows(of: userA, in: database)
    let rowsB = try await Self.rows(of: userB, in: database)
    #expect(!rowsA.isEmpty)
    #expect(rowsA == rowsB)
    let cursor = try await database.pull(since: 0, maxRows: 1000, as: userA)["next"]
    try await Self.push(
      events, in: first, as: userA, prefix: "aaaaaaaa", seed: seed &+ 2, into: database)
    #expect(try await Self.rows(of: userA, in: database) == rowsA)
    #expect(try await database.pull(since: 0, maxRows: 1000, as: userA)["next"] == cursor)
    await database.close()
  }

  /// The parity the SQLite store promises: one history pushed in the same batches into
  /// both stores gets the same answer for every push, statuses, rows and change numbers
  /// alike, and leaves the same rows to pull.
  @Test(arguments: Array(UInt64(1)...UInt64(8)))
  func bothStoresAnswerEveryPushOfOneHistoryAlike(seed: UInt64) async throws {
    let sqlite = try await SyncDatabase.make(.sqlite)
    let postgres = try await SyncDatabase.make(.postgres)
    let events = Self.history(seed: seed)
    let order = Self.order(of: events, seed: seed &* 31)
    var generator = SeededGenerator(state: seed &+ 7)
    var start = 0
    while start < order.count {
      let end = min(order.count, start + Int.random(in: 1...7, using: &generator))
      let batch = order[start..<end].map { Self.change(events[$0], prefix: "aaaaaaaa") }
      let fromSQLite = try await sqlite.push(batch, as: userA)
      let fromPostgres = try await postgres.push(batch, as: userA)
      #expect(fromSQLite == fromPostgres, "seed \(seed), changes \(start)..<\(end)")
      start = end
    }
    #expect(try await sqlite.allRows(of: userA) == postgres.allRows(of: userA))
    await sqlite.close()
    await postgres.close()
  }
}

/// `change(_:_:_:clocks:)` of the fixture, named so the suite's own `change` does not hide it.
enum PostgresSyncFixtureChange {
  static func make(
    _ table: String, _ op: String, _ row: [String: SyncJSON], clocks: [String: String]
  ) -> SyncJSON {
    change(table, op, row, clocks: clocks)
  }
}
