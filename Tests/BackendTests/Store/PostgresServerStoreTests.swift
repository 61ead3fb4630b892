import Core
import Foundation
import Postgres
import TestSupport
import Testing

@testable import Backend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    #expect(runs.flatMap { $0 } == [1])
    #expect(try await first.migrate().isEmpty)
    await first.close()
    await second.close()
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

/// A loopback port bound by this process and never listened on: connecting to it is
/// refused, as it is when PostgreSQL is stopped, and no other process can take it meanwhile.
private final class ClosedLoopbackPort: Sendable {
  let number: Int
  private let descriptor: Int32

  init() throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, length) == 0
          && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    guard bound else {
      closeDescriptor(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    self.descriptor = descriptor
    number = Int(UInt16(bigEndian: address.sin_port))
  }

  func close() {
    closeDescriptor(descriptor)
  }
}

/// `close(2)`, named apart from `ClosedLoopbackPort.close()`.
private func closeDescriptor(_ descriptor: Int32) {
  close(descriptor)
}
