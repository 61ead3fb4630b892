import Core
import Foundation
import Postgres
import TestSupport
import Testing

@testable import Backend

/// The sync migration as kiln-server runs it: the compiled-in SQL is the file in
/// `supabase/migrations/`, migrating is idempotent, the auth shim works for two databases of
/// one cluster and says what to run when the user lacks the privilege, and the store's own
/// parts (delete-account, error mapping, an unreachable database) behave.
@Suite("PostgresSync migration and store")
struct PostgresSyncMigrationTests {
  private let clock = ManualClock(start: storeNoon).appClock

  @Test func theCompiledInSQLIsTheMigrationFileByteForByte() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let file = root.appendingPathComponent("supabase/migrations/20261202000000_sync.sql")
    let text = try Data(contentsOf: file)
    #expect(text == Data(PostgresSyncMigrationSQL.text.utf8))
    let indexes = try Data(
      contentsOf: root.appendingPathComponent(
        "supabase/migrations/20261207000000_sync_lookup_indexes.sql"))
    #expect(indexes == Data(PostgresSyncLookupIndexesSQL.text.utf8))
    let timeBound = try Data(
      contentsOf: root.appendingPathComponent(
        "supabase/migrations/20261207000001_sync_time_bound.sql"))
    #expect(timeBound == Data(PostgresSyncTimeBoundSQL.text.utf8))
    let pushRuns = try Data(
      contentsOf: root.appendingPathComponent(
        "supabase/migrations/20261207000002_sync_push_runs.sql"))
    #expect(pushRuns == Data(PostgresSyncPushRunsSQL.text.utf8))
  }

  @Test(arguments: ["conversations", "messages", "memories"])
  func aLookupByIDOnANewDatabaseUsesAnIndexOfTheID(table: String) async throws {
    let database = try await SyncDatabase.make()
    let raw = try await database.connect()
    try await raw.execute("BEGIN")
    try await raw.execute("SET LOCAL ROLE authenticated")
    try await raw.query(
      "SELECT set_config('request.jwt.claims', $1, true)", [.text(claims(of: userA))])
    let plan = try await raw.query(
      "EXPLAIN SELECT * FROM public.\(table) WHERE id = '\(syncID(9).uuidString)' FOR UPDATE")
    let lines = try plan.rows.map { try $0.decode(String.self, at: 0) }.joined(separator: "\n")
    try await raw.execute("ROLLBACK")
    #expect(lines.contains("\(table)_id_user"), "\(lines)")
    await raw.close()
    await database.close()
  }

  @Test func migratingAgainAppliesNothingAndChangesNoFunction() async throws {
    let database = try await SyncDatabase.make()
    let raw = try await database.connect()
    let functions = """
      SELECT string_agg(p.oid::text || ':' || md5(p.prosrc), ',' ORDER BY p.oid)
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname IN ('auth', 'public', 'sync_internal')
      """
    let before = try await raw.query(functions).first?.decode(String.self, at: 0)
    #expect(try await database.server.migrate().isEmpty)
    #expect(try await raw.query(functions).first?.decode(String.self, at: 0) == before)
    let versions = try await raw.query("SELECT version FROM schema_migrations ORDER BY version")
    #expect(try versions.rows.map { try $0.decode(Int.self, at: 0) } == Array(1...12))
    await raw.close()
    await database.close()
  }

  @Test func twoDatabasesOfOneClusterMigrateAtOnceAndBothServeSync() async throws {
    let server = try await PostgresTestServer.shared()
    let first = try PostgresServerStore(url: try await server.makeDatabase(), clock: clock)
    let second = try PostgresServerStore(url: try await server.makeDatabase(), clock: clock)
    async let firstRun = first.migrate()
    async let secondRun = second.migrate()
    #expect(try await [firstRun, secondRun] == [Array(1...12), Array(1...12)])
    for store in [first, second] {
      let answer = try await store.sync.perform(
        .push(
          changes: try jsonText(
            .array([change("memories", memoryRow(syncID(1)), clocks: ["content": hlc(1)])]))),
        as: caller(userA))
      #expect(try parseJSON(answer)["results"]?.arrayValue?.first?["status"] == .string("applied"))
      await store.close()
    }
  }

  @Test func aUserWithoutTheRolesIsToldWhatToRunAndThenMigrates() async throws {
    let server = try await PostgresTestServer.shared()
    let rolesMade = try await SyncDatabase.make()
    await rolesMade.close()
    let admin = try await PostgresConnection.connect(url: server.url(database: "postgres"))
    try await admin.execute("CREATE ROLE kiln_plain LOGIN PASSWORD 'plain-secret'")
    try await admin.execute("CREATE DATABASE kiln_plain_db OWNER kiln_plain")
    let url = server.url(database: "kiln_plain_db", user: "kiln_plain", password: "plain-secret")
    let store = try PostgresServerStore(url: url, clock: clock)
    let error = await #expect(throws: ServerStoreError.self) { try await store.migrate() }
    let reason = unavailableReason(error)
    #expect(reason.contains("may not create or grant the roles"))
    #expect(reason.contains("GRANT anon, authenticated, service_role TO kiln_plain"))
    #expect(!reason.contains("plain-secret"))

    try await admin.execute("GRANT anon, authenticated, service_role TO kiln_plain")
    #expect(try await store.migrate() == Array(4...12))
    let database = SyncDatabase.postgres(url: url, server: store)
    _ = try await database.push(
      [change("memories", memoryRow(syncID(1)), clocks: ["content": hlc(1)])], as: userA)
    #expect(try await database.pull(as: userB)["changes"] == .array([]))
    #expect(try await database.pull(as: userA)["changes"]?.arrayValue?.count == 1)
    try await store.sync.deleteSyncedRows(of: userA)
    #expect(try await database.pull(as: userA)["changes"] == .array([]))
    await store.close()
    await admin.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func deletingAUsersSyncedRowsLeavesOtherUsersAndClosesTheAccountsSequence(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    for user in [userA, userB] {
      let prefix = user == userA ? "aaaaaaaa" : "bbbbbbbb"
      _ = try await database.push(
        [
          change(
            "conversations", conversationRow(syncID(1, prefix: prefix)), clocks: ["title": hlc(1)]
          ),
          change(
            "messages", messageRow(syncID(2, prefix: prefix), in: syncID(1, prefix: prefix)),
            clocks: ["body": hlc(1)]),
          change("memories", memoryRow(syncID(3, prefix: prefix)), clocks: ["content": hlc(1)]),
        ], as: user)
    }
    let kept = try await database.allRows(of: userB)
    try await database.store.deleteSyncedRows(of: userA)
    #expect(try await database.allRows(of: userA).isEmpty)
    #expect(try await database.allRows(of: userB) == kept)
    #expect(try await database.sequenceOwners() == [userB.uuidString.lowercased()])
    // The deleted account stores nothing again (`SyncStoreClosedAccountTests`).
    let again = try await database.pushRefusal(
      [change("memories", memoryRow(syncID(9, prefix: "aaaaaaaa")), clocks: ["content": hlc(1)])],
      as: userA)
    #expect(again == .accountDeleted)
    #expect(try await database.sequenceOwners() == [userB.uuidString.lowercased()])
    await database.close()
  }

  @Test func aDatabaseThatCannotBeReachedIs503WithPostgRESTsCode() async throws {
    let port = try ClosedLoopbackPort()
    let store = try PostgresServerStore(
      url: "postgres://kiln:secret-password@127.0.0.1:\(port.number)/kiln?connect_timeout=5",
      clock: clock)
    let error = await #expect(throws: SyncCallError.self) {
      try await store.sync.perform(.pull(since: 0, maxRows: 10), as: caller(userA))
    }
    #expect(error?.status == 503)
    #expect(error?.code == "PGRST000")
    #expect(error?.message.contains("secret-password") == false)
    await #expect(throws: ServerStoreError.self) {
      try await store.sync.deleteSyncedRows(of: userA)
    }
    await store.close()
    port.close()
  }

  @Test(arguments: [
    ("22023", 400), ("22P02", 400), ("22007", 400), ("P0001", 400), ("42501", 403),
    ("23505", 409), ("23503", 409), ("42883", 500), ("40001", 500), ("XX000", 500),
  ])
  func sqlStatesMapToPostgRESTsStatuses(code: String, status: Int) {
    let error = SyncCallError(
      postgres: PostgresError(
        .server, message: "m", sqlState: SQLState(rawValue: code), detail: "d", hint: "h"))
    #expect(
      error == SyncCallError(status: status, code: code, message: "m", details: "d", hint: "h"))
  }

  @Test(arguments: [
    PostgresError(.connectionFailed, message: "refused"),
    PostgresError(.connectionLost, message: "gone"),
    PostgresError(.poolTimeout, message: "none free"),
    PostgresError(.poolClosed, message: "closed"),
  ])
  func everyConnectionOrPoolFailureIs503(failure: PostgresError) {
    let error = SyncCallError(postgres: failure)
    #expect(error.status == 503)
    #expect(error.code == "PGRST000")
  }

  @Test func theServerStoresExposeThePostgreSQLSyncStore() async throws {
    let database = try await SyncDatabase.make()
    let stores = ServerStores(postgres: try database.server)
    let answer = try await stores.sync.perform(.pull(since: 0, maxRows: 5), as: caller(userA))
    #expect(try parseJSON(answer)["next"] == .number(0))
    await stores.close()
  }

  @Test func theServerStoresExposeTheSQLiteSyncStoreOverTheSameFile() async throws {
    try await withTemporaryDirectory(prefix: "kiln-sync") { directory in
      let stores = ServerStores(
        sqlite: try SQLiteServerDatabase(directory: directory, clock: clock), clock: clock)
      let pushed = try await stores.sync.perform(
        .push(
          changes: try jsonText(
            .array([change("memories", memoryRow(syncID(1)), clocks: ["content": hlc(1)])]))),
        as: caller(userA))
      #expect(try parseJSON(pushed)["results"]?.arrayValue?.first?["status"] == .string("applied"))
      await stores.close()
      let reopened = ServerStores(
        sqlite: try SQLiteServerDatabase(directory: directory, clock: clock), clock: clock)
      let pulled = try await reopened.sync.perform(.pull(since: 0, maxRows: 5), as: caller(userA))
      #expect(try parseJSON(pulled)["next"] == .number(1))
      await reopened.close()
    }
  }
}
