import Foundation
import Postgres
import TestSupport
import Testing

@testable import Backend

/// Row-level security and the functions' grants: user B reaches none of A's rows, directly
/// or through `sync_pull` / `sync_push`, and `anon` reaches nothing.
@Suite("PostgresSync row-level security")
struct PostgresSyncSecurityTests {
  /// A's conversation, message and memory, stored by A.
  private func seedA(_ database: SyncDatabase) async throws {
    _ = try await database.push(
      [
        change(
          "conversations", conversationRow(syncID(1), title: "A's"), clocks: ["title": hlc(1)]),
        change(
          "messages", messageRow(syncID(2), in: syncID(1), content: "A's"),
          clocks: ["body": hlc(1)]),
        change("memories", memoryRow(syncID(3), content: "A's"), clocks: ["content": hlc(1)]),
      ], as: userA)
  }

  /// Runs `sql` on `connection` as `role`, with `user`'s claims when given, and rolls back.
  private func run(
    _ sql: String, as role: String, user: UUID?, on connection: PostgresConnection
  ) async throws -> PostgresResult {
    try await connection.execute("BEGIN")
    do {
      try await connection.execute("SET LOCAL ROLE \(role)")
      if let user {
        try await connection.query(
          "SELECT set_config('request.jwt.claims', $1, true)", [.text(claims(of: user))])
      }
      let result = try await connection.query(sql)
      try await connection.execute("ROLLBACK")
      return result
    } catch {
      try await connection.execute("ROLLBACK")
      throw error
    }
  }

  @Test(arguments: ["conversations", "messages", "memories", "sync_sequences"])
  func anotherUserNeitherSeesNorChangesNorDeletesTheRowsDirectly(table: String) async throws {
    let database = try await SyncDatabase.make()
    try await seedA(database)
    let raw = try await database.connect()
    let seen = try await run(
      "SELECT count(*) FROM public.\(table)", as: "authenticated", user: userB, on: raw)
    #expect(try seen.first?.decode(Int.self, at: 0) == 0)
    let own = try await run(
      "SELECT count(*) FROM public.\(table)", as: "authenticated", user: userA, on: raw)
    #expect(try own.first?.decode(Int.self, at: 0) == 1)
    let updated = try await run(
      "UPDATE public.\(table) SET user_id = '\(userB.uuidString)'", as: "authenticated",
      user: userB, on: raw)
    #expect(updated.affectedRows == 0)
    let deleted = try await run(
      "DELETE FROM public.\(table)", as: "authenticated", user: userB, on: raw)
    #expect(deleted.affectedRows == 0)
    let takeover = await #expect(throws: PostgresError.self) {
      try await run(
        "UPDATE public.\(table) SET user_id = '\(userB.uuidString)'", as: "authenticated",
        user: userA, on: raw)
    }
    #expect(takeover?.sqlState?.rawValue == "42501")
    await raw.close()
    await database.close()
  }

  @Test func anotherUserCannotInsertARowInTheFirstUsersName() async throws {
    let database = try await SyncDatabase.make()
    let raw = try await database.connect()
    let error = await #expect(throws: PostgresError.self) {
      try await run(
        """
        INSERT INTO public.memories (id, user_id, content, created_at, updated_at, change_seq)
        VALUES (gen_random_uuid(), '\(userA.uuidString)', 'planted', now(), now(), 1)
        """, as: "authenticated", user: userB, on: raw)
    }
    #expect(error?.sqlState?.rawValue == "42501")
    await raw.close()
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func throughTheFunctionsAnotherUserGetsNothingAndChangesNothing(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    try await seedA(database)
    let before = try await database.allRows(of: userA)
    let pulled = try await database.pull(as: userB)
    #expect(
      pulled == .object(["changes": .array([]), "next": .number(0), "has_more": .bool(false)]))
    let results = try await database.results(
      [
        change(
          "conversations", conversationRow(syncID(1), title: "B's"), clocks: ["title": hlc(9)]),
        change("conversations", "delete", conversationRow(syncID(1), deleted: 1)),
        change(
          "messages", messageRow(syncID(2), in: syncID(1), content: "B's"),
          clocks: ["body": hlc(9)]),
        change("messages", "delete", messageRow(syncID(2), in: syncID(1), deleted: 1)),
        change("memories", memoryRow(syncID(3), content: "B's"), clocks: ["content": hlc(9)]),
        change("memories", "delete", memoryRow(syncID(3), deleted: 1)),
      ], as: userB)
    #expect(results.count == 6)
    for result in results {
      #expect(result["status"] == .string("stale"))
      #expect(result["row"] == .null)
    }
    #expect(try await database.allRows(of: userA) == before)
    #expect(try await database.pull(as: userB)["changes"] == .array([]))
    await database.close()
  }

  @Test(arguments: [
    "SELECT public.sync_pull(0, 10)", "SELECT public.sync_push('[]'::jsonb)",
    "SELECT count(*) FROM public.conversations", "SELECT count(*) FROM public.messages",
    "SELECT count(*) FROM public.memories", "SELECT count(*) FROM public.sync_sequences",
  ])
  func anonCanNeitherCallTheFunctionsNorReadTheTables(sql: String) async throws {
    let database = try await SyncDatabase.make()
    let raw = try await database.connect()
    let error = await #expect(throws: PostgresError.self) {
      try await run(sql, as: "anon", user: userA, on: raw)
    }
    #expect(error?.sqlState?.rawValue == "42501")
    #expect(error?.message.contains("permission denied") == true)
    await raw.close()
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func aNewMessageInAnotherUsersConversationIsNeverStored(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    try await seedA(database)
    let results = try await database.results(
      [
        change(
          "messages", messageRow(syncID(40), in: syncID(1), content: "B's"),
          clocks: ["body": hlc(9)])
      ], as: userB)
    #expect(results.first?["status"] == .string("stale"))
    #expect(results.first?["row"] == .null)
    #expect(try await database.allRows(of: userB).isEmpty)
    #expect(try await database.storedMessageIDs() == [syncID(2).uuidString.lowercased()])
    await database.close()
  }

  @Test(arguments: [
    #"{"role":"authenticated"}"#, #"{"sub":"not-a-uuid","role":"authenticated"}"#, "",
  ])
  func aCallWithoutAUserIsForbidden(claims: String) async throws {
    let database = try await SyncDatabase.make()
    let anonymous = SyncCaller(userID: userA, claims: claims)
    for call in [SyncCall.pull(since: 0, maxRows: 10), .push(changes: "[]")] {
      let error = await #expect(throws: SyncCallError.self) {
        try await database.store.perform(call, as: anonymous)
      }
      #expect(error?.status == 403)
      #expect(error?.code == "42501")
    }
    await database.close()
  }

  @Test func theShimsUIDReadsTheClaimSubFirstThenTheClaimsAndOnlyEverAUUID() async throws {
    let database = try await SyncDatabase.make()
    let raw = try await database.connect()
    func uid(claims: String, sub: String) async throws -> String? {
      try await raw.execute("BEGIN")
      try await raw.query(
        "SELECT set_config('request.jwt.claims', $1, true), "
          + "set_config('request.jwt.claim.sub', $2, true)", [.text(claims), .text(sub)])
      let value = try await raw.query("SELECT auth.uid()::text").first?.decode(
        String?.self, at: 0)
      try await raw.execute("ROLLBACK")
      return value
    }
    let a = userA.uuidString.lowercased()
    let b = userB.uuidString.lowercased()
    #expect(try await uid(claims: claims(of: userA), sub: "") == a)
    #expect(try await uid(claims: claims(of: userA), sub: b) == b)
    #expect(try await uid(claims: "", sub: userB.uuidString) == b)
    #expect(try await uid(claims: #"{"sub":"not-a-uuid"}"#, sub: "") == nil)
    #expect(try await uid(claims: "", sub: "x-\(a)") == nil)
    let inlinable = try await raw.query(
      "SELECT prosrc NOT LIKE '%FROM (%' FROM pg_proc WHERE oid = 'auth.uid()'::regprocedure")
    #expect(try inlinable.first?.decode(Bool.self, at: 0) == true)
    await raw.close()
    await database.close()
  }

  @Test func aDatabaseWithItsOwnUIDKeepsItThroughStepSix() async throws {
    let server = try await PostgresTestServer.shared()
    let url = try await server.makeDatabase()
    let admin = try await PostgresConnection.connect(url: url)
    try await admin.execute("CREATE SCHEMA auth")
    try await admin.execute(
      "CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS "
        + "$$ SELECT nullif(current_setting('request.jwt.claim.sub', true), '')::uuid $$")
    let store = try PostgresServerStore(url: url, clock: ManualClock(start: storeNoon).appClock)
    try await store.migrate()
    let source = try await admin.query(
      "SELECT prosrc FROM pg_proc WHERE oid = 'auth.uid()'::regprocedure")
    #expect(
      try source.first?.decode(String.self, at: 0)
        == " SELECT nullif(current_setting('request.jwt.claim.sub', true), '')::uuid ")
    await admin.close()
    await store.close()
  }
}
