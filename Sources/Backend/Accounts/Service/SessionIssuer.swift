import Foundation
import JOSE

/// Starts sessions and mints their tokens: the session with its first refresh token, the
/// access token with Supabase's claims, and the child a refresh token rotates to.
struct SessionIssuer: AuthRoutes {
  let components: AuthComponents

  /// Starts a session for `user`: a new session with its first refresh token.
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

  func sessionResponse(
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
  func childToken(of token: String) async throws(AuthFailure) -> String {
    let secret = try await keyring.projectSecret().secret
    do {
      return Base64URL.encode(
        try Digest.hmacSHA256(
          key: Array(secret.utf8), message: Array("kiln refresh token child\n\(token)".utf8)))
    } catch {
      throw .unexpected
    }
  }
}
