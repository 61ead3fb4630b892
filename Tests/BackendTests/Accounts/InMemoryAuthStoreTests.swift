import Backend
import Core
import Foundation
import Testing

@Suite struct InMemoryAuthStoreTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  func user(_ number: Int, email: String) -> AuthUserRecord {
    AuthUserRecord(
      id: UUID(sequence: number), email: email, password: nil, confirmedAt: start,
      createdAt: start, updatedAt: start)
  }

  /// A store holding one user with one session whose first token hash is `[1]`.
  func storeWithSession() async throws -> (InMemoryAuthStore, AuthSessionRecord) {
    let store = InMemoryAuthStore()
    let owner = user(1, email: "a@example.com")
    #expect(try await store.createUser(owner))
    let session = AuthSessionRecord(id: UUID(sequence: 100), userID: owner.id, createdAt: start)
    let first = RefreshTokenRecord(
      hash: [1], sessionID: session.id, parentHash: nil, createdAt: start)
    #expect(try await store.startSession(session, firstToken: first, signedInAt: start))
    return (store, session)
  }

  @Test func listingThroughTheConcreteTypeReadsTheStoresAccounts() async throws {
    let store = InMemoryAuthStore()
    #expect(try await store.createUser(user(1, email: "a@example.com")))
    let listing = try await store.users(offset: 0, limit: 10)
    #expect(listing.total == 1)
    #expect(listing.users.map(\.email) == ["a@example.com"])
  }

  @Test func aSecondAccountWithTheSameEmailIsRefused() async throws {
    let store = InMemoryAuthStore()
    #expect(try await store.createUser(user(1, email: "a@example.com")))
    #expect(try await store.createUser(user(2, email: "a@example.com")) == false)
    #expect(try await store.user(id: UUID(sequence: 2)) == nil)
  }

  @Test func concurrentRotationsOfOneTokenRotateItOnce() async throws {
    let (store, session) = try await storeWithSession()
    let outcomes = await withTaskGroup(of: RefreshRotation?.self) { group in
      for child in 2..<12 {
        group.addTask {
          try? await store.rotateRefreshToken(
            presentedHash: [1], childHash: [UInt8(child)], now: self.start, reuseInterval: 10)
        }
      }
      var all: [RefreshRotation?] = []
      for await outcome in group { all.append(outcome) }
      return all
    }
    #expect(outcomes.filter { $0 == .rotated(session) }.count == 1)
    let reused = outcomes.filter {
      if case .reused = $0 { return true }
      return false
    }
    #expect(reused.count == 9)
    #expect(await store.refreshTokenCount == 2)
  }

  @Test func reuseOfTheParentWithinTheIntervalLeavesTheChildCurrent() async throws {
    let (store, session) = try await storeWithSession()
    _ = try await store.rotateRefreshToken(
      presentedHash: [1], childHash: [2], now: start, reuseInterval: 10)
    let again = try await store.rotateRefreshToken(
      presentedHash: [1], childHash: [3], now: start.addingTimeInterval(10), reuseInterval: 10)
    guard case .reused(let reusedSession, let current) = again else {
      Issue.record("expected .reused, got \(again)")
      return
    }
    #expect(reusedSession == session)
    #expect(current.hash == [2])
    #expect(
      try await store.rotateRefreshToken(
        presentedHash: [2], childHash: [4], now: start.addingTimeInterval(11), reuseInterval: 10)
        == .rotated(session))
  }

  @Test func reuseAfterTheIntervalEndsTheWholeSession() async throws {
    let (store, session) = try await storeWithSession()
    _ = try await store.rotateRefreshToken(
      presentedHash: [1], childHash: [2], now: start, reuseInterval: 10)
    let late = try await store.rotateRefreshToken(
      presentedHash: [1], childHash: [3], now: start.addingTimeInterval(10.5), reuseInterval: 10)
    #expect(late == .alreadyUsed)
    #expect(try await store.session(id: session.id) == nil)
    #expect(
      try await store.rotateRefreshToken(
        presentedHash: [2], childHash: [4], now: start.addingTimeInterval(11), reuseInterval: 10)
        == .notFound)
  }

  @Test func aSessionPastNotAfterEndsOnRefresh() async throws {
    let store = InMemoryAuthStore()
    let owner = user(1, email: "a@example.com")
    _ = try await store.createUser(owner)
    let session = AuthSessionRecord(
      id: UUID(sequence: 7), userID: owner.id, createdAt: start,
      notAfter: start.addingTimeInterval(60))
    _ = try await store.startSession(
      session,
      firstToken: RefreshTokenRecord(
        hash: [1], sessionID: session.id, parentHash: nil, createdAt: start),
      signedInAt: nil)
    #expect(
      try await store.rotateRefreshToken(
        presentedHash: [1], childHash: [2], now: start.addingTimeInterval(60), reuseInterval: 10)
        == .sessionExpired)
    #expect(await store.sessionCount == 0)
  }

  @Test func deletingAUserEndsItsSessionsAndTokens() async throws {
    let (store, session) = try await storeWithSession()
    #expect(try await store.deleteUser(id: session.userID))
    #expect(await store.sessionCount == 0)
    #expect(await store.refreshTokenCount == 0)
    #expect(try await store.deleteUser(id: session.userID) == false)
  }

  @Test func updatingAUserEndsTheSelectedSessionsInTheSameCall() async throws {
    let (store, session) = try await storeWithSession()
    let other = AuthSessionRecord(id: UUID(sequence: 101), userID: session.userID, createdAt: start)
    _ = try await store.startSession(
      other,
      firstToken: RefreshTokenRecord(
        hash: [9], sessionID: other.id, parentHash: nil, createdAt: start),
      signedInAt: nil)
    var changed = try #require(try await store.user(id: session.userID))
    changed.metadataJSON = "{\"a\":1}"
    #expect(try await store.updateUser(changed, endingSessions: .allExcept(session.id)) == .updated)
    #expect(try await store.session(id: session.id) != nil)
    #expect(try await store.session(id: other.id) == nil)
    #expect(try await store.user(id: session.userID)?.metadataJSON == "{\"a\":1}")
  }

  @Test func changingTheEmailToATakenOneChangesNothing() async throws {
    let store = InMemoryAuthStore()
    _ = try await store.createUser(user(1, email: "a@example.com"))
    _ = try await store.createUser(user(2, email: "b@example.com"))
    var second = user(2, email: "a@example.com")
    second.metadataJSON = "{\"x\":true}"
    #expect(try await store.updateUser(second, endingSessions: nil) == .emailTaken)
    #expect(try await store.user(id: UUID(sequence: 2))?.email == "b@example.com")
  }

  @Test func theFirstSigningKeyAndSecretStored() async throws {
    let store = InMemoryAuthStore()
    let first = SigningKeyRecord(keyID: "k1", privateJWK: "{}", createdAt: start)
    let second = SigningKeyRecord(keyID: "k2", privateJWK: "{}", createdAt: start)
    #expect(try await store.addSigningKeyIfNone(first).keyID == "k1")
    #expect(try await store.addSigningKeyIfNone(second).keyID == "k1")
    #expect(try await store.signingKeys().map(\.keyID) == ["k1"])
    let secret = ProjectSecretRecord(secret: String(repeating: "s", count: 40), createdAt: start)
    let other = ProjectSecretRecord(secret: String(repeating: "t", count: 40), createdAt: start)
    #expect(try await store.projectSecret(creatingIfAbsent: secret) == secret)
    #expect(try await store.projectSecret(creatingIfAbsent: other) == secret)
  }

  @Test func aOneTimeTokenIsConsumedOnceAndNotAfterItsExpiry() async throws {
    let store = InMemoryAuthStore()
    let token = OneTimeTokenRecord(
      hash: [5], userID: UUID(sequence: 1), purpose: .recovery, createdAt: start,
      expiresAt: start.addingTimeInterval(3600))
    try await store.saveOneTimeToken(token)
    #expect(
      try await store.consumeOneTimeToken(hash: [5], purpose: .confirmation, now: start) == nil)
    #expect(
      try await store.consumeOneTimeToken(hash: [5], purpose: .recovery, now: start)?.userID
        == token.userID)
    #expect(try await store.consumeOneTimeToken(hash: [5], purpose: .recovery, now: start) == nil)
    var late = token
    late.hash = [6]
    try await store.saveOneTimeToken(late)
    #expect(
      try await store.consumeOneTimeToken(
        hash: [6], purpose: .recovery, now: start.addingTimeInterval(3600)) == nil)
  }

  @Test func aFailingStoreThrowsOnEveryCall() async throws {
    let store = InMemoryAuthStore()
    await store.failEveryCall(with: .unavailable("down"))
    await #expect(throws: AuthStoreError.unavailable("down")) {
      try await store.user(email: "a@example.com")
    }
  }
}
