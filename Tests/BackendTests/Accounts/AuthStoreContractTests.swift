import Backend
import Foundation
import Testing

/// One set of behaviours every `AuthStore` keeps: in memory, in kiln-server's SQLite file and
/// on PostgreSQL.
@Suite("AuthStore contract")
struct AuthStoreContractTests {
  @Test(arguments: StoreKind.allCases)
  func anAccountReadsBackWholeByIDAndByEmail(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let ada = AuthFixture.user(1, email: "ada@example.com")
      var bare = AuthFixture.user(2, email: "bare@example.com")
      bare.password = nil
      bare.confirmedAt = nil
      #expect(try await store.createUser(ada))
      #expect(try await store.createUser(bare))
      #expect(try await store.user(id: ada.id) == ada)
      #expect(try await store.user(email: "ada@example.com") == ada)
      #expect(try await store.user(email: "bare@example.com") == bare)
      #expect(try await store.user(id: UUID(sequence: 3)) == nil)
      #expect(try await store.user(email: "nobody@example.com") == nil)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aSecondAccountWithTheSameEmailIsRefusedAndChangesNothing(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let first = AuthFixture.user(1, email: "a@example.com")
      #expect(try await store.createUser(first))
      #expect(try await store.createUser(AuthFixture.user(2, email: "a@example.com")) == false)
      #expect(try await store.user(id: UUID(sequence: 2)) == nil)
      #expect(try await store.user(email: "a@example.com") == first)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func updatingReplacesTheAccountAndEndsTheSelectedSessionsTogether(
    kind: StoreKind
  )
    async throws
  {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let kept = try await AuthFixture.signedIn(store)
      let other = AuthFixture.session(101, of: kept.userID)
      #expect(
        try await store.startSession(
          other, firstToken: AuthFixture.firstToken(AuthFixture.hash(9), of: other),
          signedInAt: nil))
      var changed = try #require(try await store.user(id: kept.userID))
      changed.email = "new@example.com"
      changed.metadataJSON = "{\"a\":1}"
      changed.password = nil
      changed.updatedAt = storeNoon.addingTimeInterval(60.25)
      #expect(try await store.updateUser(changed, endingSessions: .allExcept(kept.id)) == .updated)
      #expect(try await store.user(id: kept.userID) == changed)
      #expect(try await store.user(email: "a@example.com") == nil)
      #expect(try await store.session(id: kept.id) == kept)
      #expect(try await store.session(id: other.id) == nil)
      #expect(
        try await store.updateUser(AuthFixture.user(7, email: "x@example.com"), endingSessions: nil)
          == .notFound)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func changingTheEmailToATakenOneChangesNothing(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let second = AuthFixture.user(2, email: "b@example.com")
      _ = try await store.createUser(AuthFixture.user(1, email: "a@example.com"))
      _ = try await store.createUser(second)
      var taken = second
      taken.email = "a@example.com"
      taken.metadataJSON = "{\"x\":true}"
      #expect(try await store.updateUser(taken, endingSessions: .all) == .emailTaken)
      #expect(try await store.user(id: second.id) == second)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func sessionsStartOnlyForAnAccountAndEndAsSelected(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let stranger = AuthFixture.session(50, of: UUID(sequence: 99))
      #expect(
        try await store.startSession(
          stranger, firstToken: AuthFixture.firstToken(AuthFixture.hash(50), of: stranger),
          signedInAt: storeNoon) == false)
      #expect(try await store.session(id: stranger.id) == nil)
      let owner = AuthFixture.user(1, email: "a@example.com")
      _ = try await store.createUser(owner)
      let signIn = storeNoon.addingTimeInterval(2.5)
      var sessions: [AuthSessionRecord] = []
      for number in 0..<4 {
        let session = AuthFixture.session(
          200 + number, of: owner.id, notAfter: storeNoon.addingTimeInterval(3_600.75))
        #expect(
          try await store.startSession(
            session,
            firstToken: AuthFixture.firstToken(AuthFixture.hash(UInt8(10 + number)), of: session),
            signedInAt: signIn))
        sessions.append(session)
      }
      #expect(try await store.session(id: sessions[0].id) == sessions[0])
      #expect(try await store.user(id: owner.id)?.lastSignInAt == signIn)
      #expect(try await store.endSessions(of: owner.id, .only(sessions[0].id)) == 1)
      #expect(try await store.endSessions(of: UUID(sequence: 99), .all) == 0)
      #expect(try await store.endSessions(of: owner.id, .allExcept(sessions[1].id)) == 2)
      #expect(try await store.session(id: sessions[1].id) == sessions[1])
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: AuthFixture.hash(12), childHash: AuthFixture.hash(90), now: storeNoon,
          reuseInterval: 10) == .notFound, "an ended session's token is gone")
      #expect(try await store.endSessions(of: owner.id, .all) == 1)
      #expect(try await store.session(id: sessions[1].id) == nil)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func reusingTheParentWithinTheIntervalAnswersTheCurrentChild(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let session = try await AuthFixture.signedIn(store)
      let hash = AuthFixture.hash
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: hash(1), childHash: hash(2), now: storeNoon, reuseInterval: 10)
          == .rotated(session))
      let again = try await store.rotateRefreshToken(
        presentedHash: hash(1), childHash: hash(3), now: storeNoon.addingTimeInterval(10),
        reuseInterval: 10)
      #expect(
        again
          == .reused(
            session,
            current: RefreshTokenRecord(
              hash: hash(2), sessionID: session.id, parentHash: hash(1), createdAt: storeNoon)))
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: hash(2), childHash: hash(4), now: storeNoon.addingTimeInterval(11),
          reuseInterval: 10) == .rotated(session))
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: hash(1), childHash: hash(5), now: storeNoon.addingTimeInterval(11),
          reuseInterval: 10) == .alreadyUsed, "an older ancestor ends the session")
      #expect(try await store.session(id: session.id) == nil)
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: hash(4), childHash: hash(6), now: storeNoon.addingTimeInterval(12),
          reuseInterval: 10) == .notFound)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func reuseAfterTheIntervalEndsTheWholeSession(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let session = try await AuthFixture.signedIn(store)
      let hash = AuthFixture.hash
      _ = try await store.rotateRefreshToken(
        presentedHash: hash(1), childHash: hash(2), now: storeNoon, reuseInterval: 10)
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: hash(1), childHash: hash(3), now: storeNoon.addingTimeInterval(10.5),
          reuseInterval: 10) == .alreadyUsed)
      #expect(try await store.session(id: session.id) == nil)
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: hash(2), childHash: hash(4), now: storeNoon.addingTimeInterval(11),
          reuseInterval: 10) == .notFound)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aSessionPastNotAfterEndsOnRefresh(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let limit = storeNoon.addingTimeInterval(60)
      let session = try await AuthFixture.signedIn(store, notAfter: limit)
      let hash = AuthFixture.hash
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: hash(1), childHash: hash(2), now: limit.addingTimeInterval(-0.5),
          reuseInterval: 10) == .rotated(session))
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: hash(2), childHash: hash(3), now: limit, reuseInterval: 10)
          == .sessionExpired)
      #expect(try await store.session(id: session.id) == nil)
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: hash(2), childHash: hash(3), now: limit, reuseInterval: 10) == .notFound)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func theFirstSigningKeyAndProjectSecretStoredAreKept(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      #expect(try await store.signingKeys().isEmpty)
      let first = SigningKeyRecord(
        keyID: "k1", privateJWK: "{\"kty\":\"EC\",\"d\":\"one\"}", createdAt: storeNoon)
      let second = SigningKeyRecord(
        keyID: "k2", privateJWK: "{\"kty\":\"EC\",\"d\":\"two\"}",
        createdAt: storeNoon.addingTimeInterval(1))
      #expect(try await store.addSigningKeyIfNone(first) == first)
      #expect(try await store.addSigningKeyIfNone(second) == first)
      #expect(try await store.signingKeys() == [first])
      let secret = ProjectSecretRecord(
        secret: String(repeating: "s", count: 40), createdAt: storeNoon)
      let other = ProjectSecretRecord(
        secret: String(repeating: "t", count: 40), createdAt: storeNoon.addingTimeInterval(1))
      #expect(try await store.projectSecret(creatingIfAbsent: secret) == secret)
      #expect(try await store.projectSecret(creatingIfAbsent: other) == secret)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aOneTimeTokenIsConsumedOnceForItsPurposeAndNotAfterItsExpiry(
    kind: StoreKind
  )
    async throws
  {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let token = OneTimeTokenRecord(
        hash: AuthFixture.hash(5), userID: UUID(sequence: 1), purpose: .recovery,
        createdAt: storeNoon, expiresAt: storeNoon.addingTimeInterval(3_600))
      try await store.saveOneTimeToken(token)
      let now = storeNoon.addingTimeInterval(5.25)
      #expect(
        try await store.consumeOneTimeToken(hash: token.hash, purpose: .confirmation, now: now)
          == nil)
      var used = token
      used.usedAt = now
      #expect(
        try await store.consumeOneTimeToken(hash: token.hash, purpose: .recovery, now: now)
          == used)
      #expect(
        try await store.consumeOneTimeToken(hash: token.hash, purpose: .recovery, now: now)
          == nil)
      var late = token
      late.hash = AuthFixture.hash(6)
      try await store.saveOneTimeToken(late)
      #expect(
        try await store.consumeOneTimeToken(
          hash: late.hash, purpose: .recovery, now: late.expiresAt) == nil)
      #expect(
        try await store.consumeOneTimeToken(
          hash: AuthFixture.hash(7), purpose: .recovery, now: now) == nil)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func deletingAUserEndsItsSessionsTokensAndOneTimeTokens(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let session = try await AuthFixture.signedIn(store)
      let bystander = AuthFixture.user(2, email: "b@example.com")
      _ = try await store.createUser(bystander)
      let theirs = AuthFixture.session(300, of: bystander.id)
      _ = try await store.startSession(
        theirs, firstToken: AuthFixture.firstToken(AuthFixture.hash(30), of: theirs),
        signedInAt: nil)
      for (seed, owner) in [(40, session.userID), (41, bystander.id)] {
        try await store.saveOneTimeToken(
          OneTimeTokenRecord(
            hash: AuthFixture.hash(UInt8(seed)), userID: owner, purpose: .confirmation,
            createdAt: storeNoon, expiresAt: storeNoon.addingTimeInterval(60)))
      }
      #expect(try await store.deleteUser(id: session.userID))
      #expect(try await store.user(id: session.userID) == nil)
      #expect(try await store.user(email: "a@example.com") == nil)
      #expect(try await store.session(id: session.id) == nil)
      #expect(
        try await store.rotateRefreshToken(
          presentedHash: AuthFixture.hash(1), childHash: AuthFixture.hash(2), now: storeNoon,
          reuseInterval: 10) == .notFound)
      #expect(
        try await store.consumeOneTimeToken(
          hash: AuthFixture.hash(40), purpose: .confirmation, now: storeNoon) == nil)
      #expect(try await store.deleteUser(id: session.userID) == false)
      #expect(try await store.session(id: theirs.id) == theirs, "another account is untouched")
      #expect(
        try await store.consumeOneTimeToken(
          hash: AuthFixture.hash(41), purpose: .confirmation, now: storeNoon)?.userID
          == bystander.id)
      #expect(try await store.createUser(AuthFixture.user(3, email: "a@example.com")))
    }
  }
}
