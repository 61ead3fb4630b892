import Foundation
import JOSE

/// `POST /signup` and `POST /token?grant_type=password|refresh_token`.
extension AuthService {
  func signUp(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    let body = try object(request)
    let email = try email(in: body, missing: "To signup, please provide your email")
    guard let password = body["password"]?.stringValue, !password.isEmpty else {
      throw .validation("Signup requires a valid password")
    }
    try checkPolicy(password)
    var metadata = "{}"
    if let data = body["data"] {
      guard data.objectValue != nil else { throw .validation("data must be a JSON object") }
      metadata = JSONText.serialize(data)
    }
    if configuration.confirmsEmail {
      return try await signUpToConfirm(
        email: email, password: password, metadata: metadata,
        redirectTo: request.queryValue("redirect_to"))
    }
    // Refuse a taken address before spending a hash on it.
    guard
      try await stored({ () async throws(AuthStoreError) in try await store.user(email: email) })
        == nil
    else { throw .userAlreadyExists }
    let hash = try await hasher.hash(password)
    let time = now
    let user = AuthUserRecord(
      id: uuid(), email: email, password: hash, metadataJSON: metadata, confirmedAt: time,
      createdAt: time, updatedAt: time)
    guard try await stored({ () async throws(AuthStoreError) in try await store.createUser(user) })
    else { throw .userAlreadyExists }
    return try await startSession(for: user)
  }

  func token(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    switch request.queryValue("grant_type") {
    case "password": return try await passwordGrant(request)
    case "refresh_token": return try await refreshGrant(request)
    case "id_token": return try await idTokenGrant(request)
    case let other?:
      throw .validation("Unsupported grant type \(JSONText.quoted(String(other.prefix(32))))")
    case nil: throw .validation("grant_type is required")
    }
  }

  private func passwordGrant(
    _ request: BackendRequest
  ) async throws(AuthFailure)
    -> BackendResponse
  {
    let body = try object(request)
    let email = try email(in: body, missing: "missing email or phone")
    guard let password = body["password"]?.stringValue, !password.isEmpty else {
      throw .validation("missing password")
    }
    try await checkFailedSignIns(email)
    let found = try await stored { () async throws(AuthStoreError) in
      try await store.user(email: email)
    }
    // An unknown address is hashed too, so the answer takes as long as a wrong password.
    guard try await hasher.matches(password, found?.password), let user = found else {
      try await recordFailedSignIn(email)
      throw .invalidCredentials
    }
    guard user.confirmedAt != nil else { throw .emailNotConfirmed }
    return try await startSession(for: user)
  }

  private func refreshGrant(
    _ request: BackendRequest
  ) async throws(AuthFailure)
    -> BackendResponse
  {
    let body = try object(request)
    guard let presented = body["refresh_token"]?.stringValue, !presented.isEmpty else {
      throw .validation("refresh_token is required")
    }
    let child = try await childToken(of: presented)
    let childHash = try Self.hash(child)
    let presentedHash = try Self.hash(presented)
    let rotation = try await stored { () async throws(AuthStoreError) in
      try await store.rotateRefreshToken(
        presentedHash: presentedHash, childHash: childHash, now: now,
        reuseInterval: configuration.refreshReuseInterval)
    }
    let session: AuthSessionRecord
    switch rotation {
    case .notFound: throw .refreshTokenNotFound
    case .alreadyUsed: throw .refreshTokenAlreadyUsed
    case .sessionExpired: throw .sessionExpired
    case .rotated(let rotated): session = rotated
    case .reused(let reused, let current):
      // The current token is this token's child, derived the same way again.
      guard ConstantTime.equals(current.hash, childHash) else { throw .refreshTokenAlreadyUsed }
      session = reused
    }
    guard
      let user = try await stored({ () async throws(AuthStoreError) in
        try await store.user(id: session.userID)
      })
    else { throw .refreshTokenNotFound }
    return try await sessionResponse(user: user, session: session, refreshToken: child)
  }

  /// Starts a session for `user` after a sign-up or a password sign-in.
  func startSession(for user: AuthUserRecord) async throws(AuthFailure) -> BackendResponse {
    let time = now
    let session = AuthSessionRecord(id: uuid(), userID: user.id, createdAt: time)
    let refreshToken: String
    do {
      refreshToken = Base64URL.encode(try randomBytes(32))
    } catch {
      throw .unexpected
    }
    let first = RefreshTokenRecord(
      hash: try Self.hash(refreshToken), sessionID: session.id, parentHash: nil, createdAt: time)
    guard
      try await stored({ () async throws(AuthStoreError) in
        try await store.startSession(session, firstToken: first, signedInAt: time)
      })
    else { throw .userNotFound }
    var signedIn = user
    signedIn.lastSignInAt = time
    return try await sessionResponse(user: signedIn, session: session, refreshToken: refreshToken)
  }

  private func sessionResponse(
    user: AuthUserRecord, session: AuthSessionRecord, refreshToken: String
  ) async throws(AuthFailure) -> BackendResponse {
    let issuedAt = now.timeIntervalSince1970.rounded(.down)
    let lifetime = configuration.accessTokenLifetime.rounded(.down)
    let identities = try await identities(of: user)
    let accessToken = try await accessToken(
      user: user, identities: identities, session: session, issuedAt: issuedAt,
      lifetime: lifetime)
    return Self.json(
      .object([
        "access_token": .string(accessToken), "token_type": .string("bearer"),
        "expires_in": .number(lifetime), "expires_at": .number(issuedAt + lifetime),
        "refresh_token": .string(refreshToken),
        "user": try Self.userObject(user, identities: identities),
      ]))
  }

  /// An access token with the claims Supabase puts in its own.
  func accessToken(
    user: AuthUserRecord, identities: [AuthIdentityRecord], session: AuthSessionRecord,
    issuedAt: Double, lifetime: Double
  ) async throws(AuthFailure) -> String {
    let claims: [String: StrictJSONValue] = [
      "iss": .string(configuration.issuer), "sub": .string(user.id.uuidString.lowercased()),
      "aud": .string("authenticated"), "exp": .number(issuedAt + lifetime),
      "iat": .number(issuedAt), "email": .string(user.email), "phone": .string(""),
      "app_metadata": Self.appMetadata(user, identities: identities),
      "user_metadata": .object(try Self.metadata(of: user)),
      "role": .string("authenticated"), "aal": .string(session.assuranceLevel),
      "amr": .array([
        .object([
          "method": .string("password"),
          "timestamp": .number(session.createdAt.timeIntervalSince1970.rounded(.down)),
        ])
      ]),
      "session_id": .string(session.id.uuidString.lowercased()), "is_anonymous": .bool(false),
    ]
    let signer = try await keyring.signer()
    do {
      return try signer.sign(claims: claims)
    } catch {
      throw .unexpected
    }
  }

  /// The token a refresh token rotates to: HMAC-SHA256 of it under the project secret.
  ///
  /// Deriving the child (instead of drawing it at random) lets a parent presented again
  /// within the reuse interval get the very same current token back although only hashes
  /// are stored; without the secret nobody can compute a child from a stolen parent.
  private func childToken(of token: String) async throws(AuthFailure) -> String {
    let secret = try await keyring.projectSecret().secret
    do {
      return Base64URL.encode(
        try Digest.hmacSHA256(
          key: Array(secret.utf8), message: Array("kiln refresh token child\n\(token)".utf8)))
    } catch {
      throw .unexpected
    }
  }

  /// SHA-256 of a token's text, as the store keeps it.
  static func hash(_ token: String) throws(AuthFailure) -> [UInt8] {
    do {
      return try Digest.sha256(Array(token.utf8))
    } catch {
      throw .unexpected
    }
  }
}
