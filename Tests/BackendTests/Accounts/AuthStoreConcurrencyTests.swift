import Backend
import Core
import Foundation
import Postgres
import TestSupport
import Testing

/// Decision 24 across instances: one refresh token presented at once through several store
/// objects (two PostgreSQL pools, as two kiln-server instances have, or eight connections to
/// one SQLite file) rotates once; first starts agree on one signing key and one secret.
@Suite("AuthStore across instances")
struct AuthStoreConcurrencyTests {
  private let clock = ManualClock(start: storeNoon).appClock

  @Test func parallelRotationsOfOneTokenThroughTwoPostgresInstancesRotateItOnce() async throws {
    let url = try await newPostgresDatabase()
    let first = try PostgresServerStore(url: url, clock: clock)
    let second = try PostgresServerStore(url: url, clock: clock)
    try await first.migrate()
    try await expectOneRotation(of: 20, through: [first.accounts, second.accounts])
    let statistics = [await first.pool.currentStatistics, await second.pool.currentStatistics]
    #expect(statistics.allSatisfy { $0.opened > 0 }, "both instances took part")
    await first.close()
    await second.close()
  }

  @Test func parallelRotationsOfOneTokenThroughEightStoresOnOneSQLiteFileRotateItOnce()
    async throws
  {
    try await withTemporaryDirectory(prefix: "kiln-auth") { directory in
      var stores: [SQLiteServerStore] = []
      for _ in 0..<8 { stores.append(try SQLiteServerStore(directory: directory, clock: clock)) }
      try await expectOneRotation(of: 80, through: stores.map(\.accounts))
      for store in stores { await store.close() }
    }
  }

  @Test func firstStartsOnTwoPostgresInstancesAgreeOnOneSigningKeyAndSecret() async throws {
    let url = try await newPostgresDatabase()
    let first = try PostgresServerStore(url: url, clock: clock)
    let second = try PostgresServerStore(url: url, clock: clock)
    try await first.migrate()
    let stores: [any AuthStore] = [first.accounts, second.accounts]
    let answers = try await withThrowingTaskGroup(
      of: (SigningKeyRecord, ProjectSecretRecord).self
    ) { group in
      for index in 0..<10 {
        let store = stores[index % 2]
        group.addTask {
          let key = try await store.addSigningKeyIfNone(
            SigningKeyRecord(keyID: "k\(index)", privateJWK: "{}", createdAt: storeNoon))
          let secret = try await store.projectSecret(
            creatingIfAbsent: ProjectSecretRecord(
              secret: String(repeating: "\(index)", count: 40), createdAt: storeNoon))
          return (key, secret)
        }
      }
      var all: [(SigningKeyRecord, ProjectSecretRecord)] = []
      for try await answer in group { all.append(answer) }
      return all
    }
    #expect(Set(answers.map(\.0)).count == 1)
    #expect(Set(answers.map(\.1)).count == 1)
    #expect(try await second.accounts.signingKeys() == [try #require(answers.first?.0)])
    await first.close()
    await second.close()
  }

  @Test func reopeningTheSQLiteFileKeepsAccountsSessionsKeysAndTokens() async throws {
    try await withTemporaryDirectory(prefix: "kiln-auth") { directory in
      let database = try SQLiteServerDatabase(directory: directory, clock: clock)
      let store = SQLiteAuthStore(database: database)
      let session = try await AuthFixture.signedIn(store)
      let key = SigningKeyRecord(keyID: "k1", privateJWK: "{}", createdAt: storeNoon)
      _ = try await store.addSigningKeyIfNone(key)
      let secret = ProjectSecretRecord(
        secret: String(repeating: "s", count: 40), createdAt: storeNoon)
      _ = try await store.projectSecret(creatingIfAbsent: secret)
      try await store.saveOneTimeToken(
        OneTimeTokenRecord(
          hash: AuthFixture.hash(8), userID: session.userID, purpose: .recovery,
          createdAt: storeNoon, expiresAt: storeNoon.addingTimeInterval(60)))
      await database.close()

      let again = try SQLiteServerDatabase(directory: directory, clock: clock)
      #expect(again.appliedMigrations.isEmpty)
      let reopened = SQLiteAuthStore(database: again)
      #expect(
        try await reopened.user(email: "a@example.com")
          == AuthFixture.user(1, email: "a@example.com"))
      #expect(try await reopened.session(id: session.id) == session)
      #expect(try await reopened.signingKeys() == [key])
      #expect(
        try await reopened.projectSecret(
          creatingIfAbsent: ProjectSecretRecord(
            secret: String(repeating: "t", count: 40), createdAt: storeNoon)) == secret)
      #expect(
        try await reopened.consumeOneTimeToken(
          hash: AuthFixture.hash(8), purpose: .recovery, now: storeNoon)?.userID == session.userID)
      #expect(
        try await reopened.rotateRefreshToken(
          presentedHash: AuthFixture.hash(1), childHash: AuthFixture.hash(2), now: storeNoon,
          reuseInterval: 10) == .rotated(session))
      await again.close()
    }
  }

  @Test(arguments: [StoreKind.sqlite, .postgres])
  func aClosedStoreFailsEveryAuthCallAsUnavailable(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      await (store as? SQLiteAuthStore)?.database.close()
      await (store as? PostgresAuthStore)?.pool.close()
      let error = await #expect(throws: AuthStoreError.self) {
        try await store.user(email: "a@example.com")
      }
      guard case .unavailable? = error else {
        Issue.record("expected .unavailable, got \(String(describing: error))")
        return
      }
      await #expect(throws: AuthStoreError.self) {
        try await store.rotateRefreshToken(
          presentedHash: AuthFixture.hash(1), childHash: AuthFixture.hash(2), now: storeNoon,
          reuseInterval: 10)
      }
    }
  }

  @Test(arguments: [StoreKind.sqlite, .postgres])
  func anScryptParameterTooLargeToStoreIsRefusedAndNothingIsWritten(
    kind: StoreKind
  )
    async throws
  {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      var user = AuthFixture.user(1, email: "a@example.com")
      user.password?.cost = UInt64.max
      let error = await #expect(throws: AuthStoreError.self) { try await store.createUser(user) }
      guard case .invalidData? = error else {
        Issue.record("expected .invalidData, got \(String(describing: error))")
        return
      }
      #expect(try await store.user(id: user.id) == nil)
      #expect(try await store.createUser(AuthFixture.user(1, email: "a@example.com")))
    }
  }

  /// `count` rotations of user 1's first token at once, spread over `stores`: exactly one
  /// rotates; the rest are answered with the same child, which is then the current token.
  private func expectOneRotation(of count: Int, through stores: [any AuthStore]) async throws {
    let session = try await AuthFixture.signedIn(try #require(stores.first))
    let outcomes = try await withThrowingTaskGroup(of: RefreshRotation.self) { group in
      for child in 0..<count {
        let store = stores[child % stores.count]
        group.addTask {
          try await store.rotateRefreshToken(
            presentedHash: AuthFixture.hash(1), childHash: AuthFixture.hash(UInt8(100 + child)),
            now: storeNoon, reuseInterval: 10)
        }
      }
      var all: [RefreshRotation] = []
      for try await outcome in group { all.append(outcome) }
      return all
    }
    #expect(outcomes.filter { $0 == .rotated(session) }.count == 1)
    let currents = outcomes.compactMap { outcome -> RefreshTokenRecord? in
      if case .reused(let reusedSession, let current) = outcome, reusedSession == session {
        return current
      }
      return nil
    }
    #expect(currents.count == count - 1)
    let child = try #require(currents.first)
    #expect(currents.allSatisfy { $0 == child })
    #expect(child.parentHash == AuthFixture.hash(1))
    #expect(
      try await stores[stores.count - 1].rotateRefreshToken(
        presentedHash: child.hash, childHash: AuthFixture.hash(99), now: storeNoon,
        reuseInterval: 10) == .rotated(session))
  }
}
