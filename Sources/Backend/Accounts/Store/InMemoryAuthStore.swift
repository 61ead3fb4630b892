import Foundation

/// `AuthStore` in memory, for tests and single-process tools. Every method runs without a
/// suspension point inside the actor, so each is one transaction as the contract asks.
public actor InMemoryAuthStore: AuthStore {
  private var users: [UUID: AuthUserRecord] = [:]
  private var sessions: [UUID: AuthSessionRecord] = [:]
  private var refreshTokens: [[UInt8]: RefreshTokenRecord] = [:]
  private var keys: [SigningKeyRecord] = []
  private var secret: ProjectSecretRecord?
  private var oneTimeTokens: [[UInt8]: OneTimeTokenRecord] = [:]
  private var identityRecords: [AuthIdentityRecord] = []
  private var failure: AuthStoreError?

  /// An empty store.
  public init() {}

  /// Makes every later call fail with `error` (or succeed again with `nil`), so tests can
  /// prove the service fails closed.
  public func failEveryCall(with error: AuthStoreError?) {
    failure = error
  }

  /// Retires every current signing key at `date`, as another instance's rotation would
  /// (for tests, until `kiln-server keys rotate` exists).
  public func retireSigningKeys(at date: Date) {
    for index in keys.indices where keys[index].retiredAt == nil { keys[index].retiredAt = date }
  }

  /// How many sessions exist (for tests).
  public var sessionCount: Int { sessions.count }

  /// How many refresh tokens exist (for tests).
  public var refreshTokenCount: Int { refreshTokens.count }

  private func check() throws(AuthStoreError) {
    if let failure { throw failure }
  }

  public func createUser(_ user: AuthUserRecord) throws(AuthStoreError) -> Bool {
    try check()
    guard !users.values.contains(where: { $0.email == user.email }) else { return false }
    users[user.id] = user
    return true
  }

  public func user(id: UUID) throws(AuthStoreError) -> AuthUserRecord? {
    try check()
    return users[id]
  }

  public func user(email: String) throws(AuthStoreError) -> AuthUserRecord? {
    try check()
    return users.values.first { $0.email == email }
  }

  public func users(offset: Int, limit: Int) throws(AuthStoreError) -> AuthUserListing {
    try check()
    let ordered = users.values.sorted(by: AuthUserRecord.listedBefore)
    let page = ordered.dropFirst(max(0, offset)).prefix(max(0, limit))
    return AuthUserListing(users: Array(page), total: ordered.count)
  }

  public func updateUser(
    _ user: AuthUserRecord, endingSessions: SessionSelection?
  ) throws(AuthStoreError) -> UserUpdate {
    try check()
    guard users[user.id] != nil else { return .notFound }
    guard !users.values.contains(where: { $0.email == user.email && $0.id != user.id }) else {
      return .emailTaken
    }
    users[user.id] = user
    if let endingSessions { removeSessions(of: user.id, endingSessions) }
    return .updated
  }

  public func deleteUser(id: UUID) throws(AuthStoreError) -> Bool {
    try check()
    guard users.removeValue(forKey: id) != nil else { return false }
    removeSessions(of: id, .all)
    oneTimeTokens = oneTimeTokens.filter { $0.value.userID != id }
    identityRecords.removeAll { $0.userID == id }
    return true
  }

  public func createUser(
    _ user: AuthUserRecord, identity: AuthIdentityRecord
  ) throws(AuthStoreError) -> Bool {
    try check()
    guard !users.values.contains(where: { $0.email == user.email || $0.id == user.id }),
      !isLinked(identity)
    else { return false }
    users[user.id] = user
    identityRecords.append(identity)
    return true
  }

  public func identity(
    provider: String, subject: String
  ) throws(AuthStoreError) -> AuthIdentityRecord? {
    try check()
    return identityRecords.first { $0.provider == provider && $0.providerSubject == subject }
  }

  public func identities(ofUser userID: UUID) throws(AuthStoreError) -> [AuthIdentityRecord] {
    try check()
    return identityRecords.filter { $0.userID == userID }
  }

  public func addIdentity(
    _ identity: AuthIdentityRecord
  ) throws(AuthStoreError) -> IdentityAddition {
    try check()
    guard users[identity.userID] != nil else { return .userNotFound }
    guard !isLinked(identity) else { return .identityTaken }
    identityRecords.append(identity)
    return .added
  }

  private func isLinked(_ identity: AuthIdentityRecord) -> Bool {
    identityRecords.contains {
      $0.id == identity.id
        || ($0.provider == identity.provider && $0.providerSubject == identity.providerSubject)
    }
  }

  public func startSession(
    _ session: AuthSessionRecord, firstToken: RefreshTokenRecord, signedInAt: Date?
  ) throws(AuthStoreError) -> Bool {
    try check()
    guard users[session.userID] != nil else { return false }
    sessions[session.id] = session
    refreshTokens[firstToken.hash] = firstToken
    if let signedInAt { users[session.userID]?.lastSignInAt = signedInAt }
    return true
  }

  public func session(id: UUID) throws(AuthStoreError) -> AuthSessionRecord? {
    try check()
    return sessions[id]
  }

  public func endSessions(
    of userID: UUID, _ selection: SessionSelection
  ) throws(AuthStoreError) -> Int {
    try check()
    return removeSessions(of: userID, selection)
  }

  public func rotateRefreshToken(
    presentedHash: [UInt8], childHash: [UInt8], now: Date, reuseInterval: TimeInterval
  ) throws(AuthStoreError) -> RefreshRotation {
    try check()
    guard let presented = refreshTokens[presentedHash],
      let session = sessions[presented.sessionID]
    else { return .notFound }
    if let notAfter = session.notAfter, now >= notAfter {
      endSession(session.id)
      return .sessionExpired
    }
    guard let rotatedAt = presented.revokedAt else {
      refreshTokens[presentedHash]?.revokedAt = now
      refreshTokens[childHash] = RefreshTokenRecord(
        hash: childHash, sessionID: session.id, parentHash: presentedHash, createdAt: now)
      return .rotated(session)
    }
    let current = refreshTokens.values.first {
      $0.sessionID == session.id && $0.revokedAt == nil
    }
    if let current, current.parentHash == presentedHash,
      now.timeIntervalSince(rotatedAt) <= reuseInterval
    {
      return .reused(session, current: current)
    }
    endSession(session.id)
    return .alreadyUsed
  }

  public func rotateSigningKey(to candidate: SigningKeyRecord) throws(AuthStoreError) {
    try check()
    for index in keys.indices where keys[index].retiredAt == nil {
      keys[index].retiredAt = candidate.createdAt
    }
    var current = candidate
    current.retiredAt = nil
    keys.append(current)
  }

  public func signingKeys() throws(AuthStoreError) -> [SigningKeyRecord] {
    try check()
    return keys
  }

  public func addSigningKeyIfNone(
    _ candidate: SigningKeyRecord
  ) throws(AuthStoreError) -> SigningKeyRecord {
    try check()
    if let current = keys.last(where: { $0.retiredAt == nil }) { return current }
    keys.append(candidate)
    return candidate
  }

  public func projectSecret(
    creatingIfAbsent candidate: ProjectSecretRecord
  ) throws(AuthStoreError) -> ProjectSecretRecord {
    try check()
    if let secret { return secret }
    secret = candidate
    return candidate
  }

  public func saveOneTimeToken(_ token: OneTimeTokenRecord) throws(AuthStoreError) {
    try check()
    oneTimeTokens[token.hash] = token
  }

  public func consumeOneTimeToken(
    hash: [UInt8], purpose: OneTimeTokenRecord.Purpose, now: Date
  ) throws(AuthStoreError) -> OneTimeTokenRecord? {
    try check()
    guard var token = oneTimeTokens[hash], token.purpose == purpose, token.usedAt == nil,
      now < token.expiresAt
    else { return nil }
    token.usedAt = now
    oneTimeTokens[hash] = token
    return token
  }

  @discardableResult
  private func removeSessions(of userID: UUID, _ selection: SessionSelection) -> Int {
    let ending = sessions.values.filter { $0.userID == userID && selection.contains($0.id) }
    for session in ending { endSession(session.id) }
    return ending.count
  }

  private func endSession(_ id: UUID) {
    sessions[id] = nil
    refreshTokens = refreshTokens.filter { $0.value.sessionID != id }
  }
}
