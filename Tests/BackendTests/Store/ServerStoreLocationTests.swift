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
      #expect(try await location.migrate(clock: clock) == [1, 2, 3])
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
}
