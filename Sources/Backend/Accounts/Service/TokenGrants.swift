import Foundation
import JOSE

/// `POST /token?grant_type=password|refresh_token|id_token`: the grants that answer a
/// session (`id_token` is `IDTokenGrant`'s).
struct TokenGrants: AuthRoutes {
  let components: AuthComponents

  func token(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    switch request.queryValue("grant_type") {
    case "password": return try await passwordGrant(request)
    case "refresh_token": return try await refreshGrant(request)
    case "id_token": return try await IDTokenGrant(components: components).idTokenGrant(request)
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
    let issuer = SessionIssuer(components: components)
    let child = try await issuer.childToken(of: presented)
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
    return try await issuer.sessionResponse(user: user, session: session, refreshToken: child)
  }
}
