import Foundation
import JOSE

/// `POST /recover` and `POST /verify`: single-use tokens mailed as links (issue #18 item 5).
///
/// A token is 32 random bytes in base64url; the store keeps only its SHA-256, with an
/// expiry (`AuthConfiguration.oneTimeTokenLifetime`, default 1 h), and consumes it at most
/// once. `/recover` answers `{}` whether or not the address has an account, so it cannot
/// be used to learn which addresses do.
struct RecoveryRoutes: AuthRoutes {
  let components: AuthComponents

  func recover(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    // Refused before the address is looked up, so the answer says nothing about it.
    guard let mailer else { throw .mailerUnavailable }
    let body = try object(request)
    let email = try email(in: body, missing: "Password recovery requires an email")
    let found = try await stored { () async throws(AuthStoreError) in
      try await store.user(email: email)
    }
    if let user = found {
      try await mail(
        .recovery, purpose: .recovery, to: user, through: mailer,
        redirectTo: request.queryValue("redirect_to"))
    }
    return Self.json(.object([:]))
  }

  func verify(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    let body = try object(request)
    guard let type = body["type"]?.stringValue, !type.isEmpty else {
      throw .validation("Verify requires a verification type")
    }
    let purpose: OneTimeTokenRecord.Purpose
    switch type {
    case AuthMessage.Kind.recovery.rawValue: purpose = .recovery
    case AuthMessage.Kind.signup.rawValue: purpose = .confirmation
    default: throw .validation("Unsupported verification type")
    }
    // The link's token; `token_hash` is the name GoTrue's clients send a link token under.
    guard let token = (body["token_hash"] ?? body["token"])?.stringValue, !token.isEmpty else {
      throw .validation("Verify requires a token or a token hash")
    }
    var user = try await consume(token, purpose: purpose)
    if let given = body["email"]?.stringValue, AuthService.normalizedEmail(given) != user.email {
      throw .otpExpired
    }
    if user.confirmedAt == nil {
      // Following a mailed link proves the address, as it does in GoTrue.
      let time = now
      user.confirmedAt = time
      user.updatedAt = time
      let confirmed = user
      let outcome = try await stored { () async throws(AuthStoreError) in
        try await store.updateUser(confirmed, endingSessions: nil)
      }
      guard outcome == .updated else { throw .otpExpired }
    }
    return try await startSession(for: user)
  }

  /// The account a presented token belongs to, consuming the token; `otp_expired` (403)
  /// for an unknown, used or expired one, or one whose account is gone.
  func consume(
    _ token: String, purpose: OneTimeTokenRecord.Purpose
  ) async throws(AuthFailure) -> AuthUserRecord {
    let hash = try Self.hash(token)
    let time = now
    guard
      let record = try await stored({ () async throws(AuthStoreError) in
        try await store.consumeOneTimeToken(hash: hash, purpose: purpose, now: time)
      }),
      let user = try await stored({ () async throws(AuthStoreError) in
        try await store.user(id: record.userID)
      })
    else { throw .otpExpired }
    return user
  }
}

extension AuthFailure {
  static let otpExpired = AuthFailure(
    status: 403, code: "otp_expired", message: "Email link is invalid or has expired")
  static let mailerUnavailable = AuthFailure(
    status: 500, code: "unexpected_failure", message: "No mailer is configured")

  static func mailFailed(_ kind: AuthMessage.Kind) -> AuthFailure {
    let what = kind == .recovery ? "recovery" : "confirmation"
    return AuthFailure(
      status: 500, code: "unexpected_failure", message: "Error sending \(what) email")
  }
}
