import Core
import Foundation
import Postgres
import TestSupport
import Testing

@testable import Backend

@Suite("PostgresServerStore")
struct PostgresServerStoreTests {
  private let clock = ManualClock(start: storeNoon).appClock

  @Test func migratingAppliesEachVersionOnceEvenFromTwoInstancesAtOnce() async throws {
    let url = try await newPostgresDatabase()
    let first = try PostgresServerStore(url: url, clock: clock)
    let second = try PostgresServerStore(url: url, clock: clock)
    async let firstRun = first.migrate()
    async let secondRun = second.migrate()
    let runs = try await [firstRun, secondRun]
    #expect(runs.flatMap { $0 }.sorted() == Array(1...12))
    #expect(try await first.migrate().isEmpty)
    await first.close()
    await second.close()
  }

  @Test func aDatabaseMigratedByANewerKilnServerIsRefused() async throws {
    let url = try await newPostgresDatabase()
    let store = try PostgresServerStore(url: url, clock: clock)
    try await store.migrate()
    let raw = try await PostgresConnection.connect(url: url)
    try await raw.execute("INSERT INTO schema_migrations (version, name) VALUES (99, 'future')")
    await raw.close()
    let error = await #expect(throws: ServerStoreError.self) { try await store.migrate() }
    #expect(unavailableReason(error).contains("newer"))
    await store.close()
  }

  @Test func aDatabaseThatWasNeverMigratedIsUnavailableAndSaysWhatToRun() async throws {
    let store = try PostgresServerStore(url: try await newPostgresDatabase(), clock: clock)
    let error = await #expect(throws: ServerStoreError.self) {
      try await store.admit(admission(free: try freeMessages(10)))
    }
    #expect(unavailableReason(error).contains("kiln-server migrate"))
    await store.close()
  }

  @Test(arguments: ["", "mysql://kiln@127.0.0.1/db", "postgres://127.0.0.1/db"])
  func aURLThatIsNotAPostgreSQLOneIsUnavailable(url: String) {
    let error = #expect(throws: ServerStoreError.self) {
      try PostgresServerStore(url: url, clock: clock)
    }
    #expect(unavailableReason(error).contains("DATABASE_URL"))
  }

  @Test func aServerThatIsNotRunningIsUnavailableNeverAdmitted() async throws {
    let port = try ClosedLoopbackPort()
    let store = try PostgresServerStore(
      url: "postgres://kiln:secret-password@127.0.0.1:\(port.number)/kiln?connect_timeout=5",
      clock: clock)
    let admitError = await #expect(throws: ServerStoreError.self) {
      try await store.admit(admission(free: try freeMessages(10)))
    }
    let reason = unavailableReason(admitError)
    #expect(reason.contains("cannot connect"))
    #expect(!reason.contains("secret-password"))
    await #expect(throws: ServerStoreError.self) { try await store.checkReachable() }
    await #expect(throws: ServerStoreError.self) { try await store.migrate() }
    await store.close()
    port.close()
  }

  @Test func aDatabaseThatGoesAwayIsUnavailableAndServesAgainWhenBack() async throws {
    let url = try await newPostgresDatabase()
    let database = try #require(try PostgresConfiguration(url: url).database)
    let server = try await PostgresTestServer.shared()
    let admin = try await PostgresConnection.connect(url: server.url(database: "postgres"))
    let store = try PostgresServerStore(url: url, clock: clock)
    try await store.migrate()
    let allowance = try freeMessages(10)
    #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 9))

    try await admin.execute("ALTER DATABASE \(database) WITH ALLOW_CONNECTIONS false")
    try await admin.execute(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)'")
    let error = await #expect(throws: ServerStoreError.self) {
      try await store.admit(admission(free: allowance))
    }
    #expect(!unavailableReason(error).isEmpty)

    try await admin.execute("ALTER DATABASE \(database) WITH ALLOW_CONNECTIONS true")
    #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 8))
    await admin.close()
    await store.close()
  }

  @Test func erasingAUserKeepsTheirLedgerLinesWithoutTheirID() async throws {
    let url = try await newPostgresDatabase()
    let store = try PostgresServerStore(url: url, clock: clock)
    try await store.migrate()
    for line in usageLines() { try await store.recordUsage(line) }
    try await store.eraseUser("user-1")
    let raw = try await PostgresConnection.connect(url: url)
    let counts = try await raw.query(
      "SELECT count(*) FILTER (WHERE user_id IS NULL), count(*) FROM usage_ledger")
    #expect(try counts.first?.decode(Int.self, at: 0) == 2)
    #expect(try counts.first?.decode(Int.self, at: 1) == 3)
    await raw.close()
    await store.close()
  }

  @Test(arguments: [
    (PostgresError(.connectionFailed, message: "refused"), "cannot connect"),
    (PostgresError(.connectionLost, message: "gone"), "lost"),
    (PostgresError(.poolTimeout, message: "none free"), "no PostgreSQL connection"),
    (PostgresError(.poolClosed, message: "closed"), "closed"),
  ])
  func everyConnectionFailureIsUnavailable(failure: PostgresError, words: String) {
    #expect(unavailableReason(ServerStoreError(postgres: failure)).contains(words))
  }
}
