import Backend
import Foundation
import TestSupport
import Testing

@Suite("ServerStoreLocation")
struct ServerStoreLocationTests {
  private let clock = ManualClock(start: storeNoon).appClock

  @Test func aDatabaseURLChoosesPostgreSQLAndNoneChoosesSQLiteInTheDataDirectory() {
    let data = URL(fileURLWithPath: "/var/lib/kiln-server")
    #expect(
      ServerStoreLocation.from(databaseURL: nil, dataDirectory: data) == .sqlite(directory: data))
    #expect(
      ServerStoreLocation.from(databaseURL: "  ", dataDirectory: data) == .sqlite(directory: data))
    #expect(
      ServerStoreLocation.from(databaseURL: "postgres://kiln@db/kiln", dataDirectory: data)
        == .postgres(url: "postgres://kiln@db/kiln"))
  }

  @Test func theDescriptionNeverShowsThePassword() {
    let location = ServerStoreLocation.postgres(url: "postgres://kiln:hunter2@db:5432/kiln")
    #expect(!location.description.contains("hunter2"))
    #expect(location.description.contains("db:5432/kiln"))
    #expect(
      ServerStoreLocation.sqlite(directory: URL(fileURLWithPath: "/srv")).description
        == "sqlite:/srv/kiln-server.sqlite")
  }

  @Test func openingSQLiteGivesAMigratedStoreAndMigratingAgainAppliesNothing() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { parent in
      let location = ServerStoreLocation.sqlite(directory: parent.appendingPathComponent("new"))
      #expect(try await location.migrate(clock: clock) == [1, 2, 3, 4, 5])
      #expect(try await location.migrate(clock: clock).isEmpty)
      let store = try await location.open(clock: clock)
      #expect(
        try await store.admit(admission(free: try freeMessages(2))) == .admitted(freeRemaining: 1))
    }
  }

  @Test func openingPostgreSQLMigratesSoTheStoreAnswersAtOnce() async throws {
    let location = ServerStoreLocation.postgres(url: try await newPostgresDatabase())
    let store = try await location.open(clock: clock)
    #expect(
      try await store.admit(admission(free: try freeMessages(2))) == .admitted(freeRemaining: 1))
    #expect(try await location.migrate(clock: clock).isEmpty)
    await (store as? PostgresServerStore)?.close()
  }

  @Test func aLocationThatCannotBeOpenedIsUnavailable() async throws {
    await #expect(throws: ServerStoreError.self) {
      try await ServerStoreLocation.postgres(url: "not a url").open(clock: clock)
    }
    let port = try ClosedLoopbackPort()
    let unreachable = "postgres://kiln@127.0.0.1:\(port.number)/kiln?connect_timeout=5"
    let startError = await #expect(throws: ServerStoreError.self) {
      try await ServerStoreLocation.postgres(url: unreachable).open(clock: clock)
    }
    #expect(unavailableReason(startError).contains("cannot connect"))
    port.close()
    try await withTemporaryDirectory(prefix: "kiln-store") { parent in
      let blocker = parent.appendingPathComponent("blocker")
      try Data("x".utf8).write(to: blocker)
      let error = await #expect(throws: ServerStoreError.self) {
        try await ServerStoreLocation.sqlite(directory: blocker).open(clock: clock)
      }
      #expect(!unavailableReason(error).isEmpty)
    }
  }

  @Test func openStoresGivesOneSQLiteStoreThatServesTheProxyAndTheAccounts() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { parent in
      let location = ServerStoreLocation.sqlite(directory: parent)
      let stores = try await location.openStores(clock: clock)
      #expect(try await stores.accounts.createUser(AuthFixture.user(1, email: "a@example.com")))
      #expect(
        try await stores.proxy.admit(admission(free: try freeMessages(2)))
          == .admitted(freeRemaining: 1))
      let proxy = try #require(stores.proxy as? SQLiteServerStore)
      let accounts = try #require(stores.accounts as? SQLiteAuthStore)
      #expect(proxy.database === accounts.database, "one database object, one connection")
      await stores.close()
      await #expect(throws: AuthStoreError.self) {
        try await stores.accounts.user(email: "a@example.com")
      }
      let reopened = try await location.openStores(clock: clock)
      #expect(try await reopened.accounts.user(email: "a@example.com")?.id == UUID(sequence: 1))
      await reopened.close()
    }
  }

  @Test func openStoresGivesOnePostgresStoreWithTheAccountTablesMigrated() async throws {
    let location = ServerStoreLocation.postgres(url: try await newPostgresDatabase())
    let stores = try await location.openStores(clock: clock)
    #expect(try await stores.accounts.createUser(AuthFixture.user(1, email: "a@example.com")))
    #expect(try await stores.accounts.user(email: "a@example.com")?.id == UUID(sequence: 1))
    #expect(
      try await stores.proxy.admit(admission(free: try freeMessages(2)))
        == .admitted(freeRemaining: 1))
    let proxy = try #require(stores.proxy as? PostgresServerStore)
    let accounts = try #require(stores.accounts as? PostgresAuthStore)
    #expect(proxy.pool === accounts.pool, "one pool for both stores")
    await stores.close()
    await #expect(throws: AuthStoreError.self) {
      try await stores.accounts.user(email: "a@example.com")
    }
  }

  /// Both stores run on the one database at once: the accounts' transactions and the
  /// proxy's charging admissions never interleave on the shared SQLite connection, and on
  /// PostgreSQL they share the pool; every write lands and the limit holds.
  @Test(arguments: [StoreKind.sqlite, .postgres])
  func accountWritesAndChargedAdmissionsAtOnceThroughBothStoresAllLand(
    kind: StoreKind
  ) async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { parent in
      let location =
        kind == .sqlite
        ? ServerStoreLocation.sqlite(directory: parent)
        : .postgres(url: try await newPostgresDatabase())
      let stores = try await location.openStores(clock: clock)
      let request = admission(free: try freeMessages(20))
      let remainders = try await withThrowingTaskGroup(of: Int?.self) { group in
        for number in 1...30 {
          group.addTask {
            let user = AuthFixture.user(number, email: "u\(number)@example.com")
            // -1 marks an account that was not created.
            return try await stores.accounts.createUser(user) ? nil : -1
          }
          group.addTask {
            guard case .admitted(let remaining?) = try await stores.proxy.admit(request) else {
              return nil
            }
            return remaining
          }
        }
        var all: [Int] = []
        for try await remaining in group { all += remaining.map { [$0] } ?? [] }
        return all
      }
      #expect(remainders.sorted() == Array(0..<20))
      #expect(try await stores.accounts.users(offset: 0, limit: 50).total == 30)
      await stores.close()
    }
  }
}
