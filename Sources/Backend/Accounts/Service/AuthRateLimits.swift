import Foundation

/// The auth service's limits (decision 29): requests per client address to the routes that
/// take credentials or send mail, and failed password sign-ins per account.
///
/// Both are counted by `ServerStore.admit` under namespaced keys (`auth-ip:<address>`,
/// `auth-fail:<SHA-256 of the address>`), so every instance on one store shares them. Only
/// failures count against an account: a right password never consumes its allowance.
public struct AuthRateLimits: Sendable {
  /// The per-address default, `30/5m`.
  public static let defaultPerAddress = RateLimit(count: 30, period: 300)
  /// The per-account default: 10 failed sign-ins in 5 minutes.
  public static let defaultFailedSignIns = RateLimit(count: 10, period: 300)

  /// Where the counters live.
  public var store: any ServerStore
  /// Requests per client address, or `nil` for none.
  public var perAddress: RateLimit?
  /// Failed password sign-ins per account, or `nil` for none.
  public var failedSignInsPerAccount: RateLimit?

  /// Limits counted in `store`.
  public init(
    store: any ServerStore, perAddress: RateLimit?, failedSignInsPerAccount: RateLimit?
  ) {
    self.store = store
    self.perAddress = perAddress
    self.failedSignInsPerAccount = failedSignInsPerAccount
  }

  /// Whether `request` goes to a route the per-address limit covers: the ones that take a
  /// password, an ID token or a one-time token, or send mail. Refreshing is not covered: a
  /// refresh token is 256 random bits, so there is nothing to guess, and clients refresh
  /// on their own schedule.
  static func covers(_ request: BackendRequest) -> Bool {
    guard request.method == "POST", request.path.hasPrefix(AuthService.authPrefix + "/") else {
      return false
    }
    switch String(request.path.dropFirst(AuthService.authPrefix.count)) {
    case "/signup", "/recover", "/verify", "/otp", "/resend": return true
    case "/token": return request.queryValue("grant_type") != "refresh_token"
    default: return false
    }
  }
}

extension AuthService {
  /// The same service, limited by `limits` (kiln-server's `AUTH_RATE_LIMIT`).
  public func limited(by limits: AuthRateLimits?) -> AuthService {
    var limited = self
    limited.components.rateLimits = limits
    return limited
  }

  /// The same service, accepting ID tokens that `verifier` vouches for.
  public func signingIn(with verifier: IDTokenVerifier) -> AuthService {
    var service = self
    service.components.idTokens = verifier
    return service
  }
}

extension AuthRoutes {

  /// Charges one request to the client's address; 429 when it is over the limit.
  func admitAddress(_ request: BackendRequest) async throws(AuthFailure) {
    guard let rateLimits, let limit = rateLimits.perAddress, AuthRateLimits.covers(request),
      let address = request.clientAddress
    else { return }
    try await admit("auth-ip:" + address, limit, in: rateLimits.store, charge: true)
  }

  /// Refuses a sign-in to `email` while its failures are over the limit (nothing is charged).
  func checkFailedSignIns(_ email: String) async throws(AuthFailure) {
    guard let rateLimits, let limit = rateLimits.failedSignInsPerAccount else { return }
    try await admit(try Self.failureKey(email), limit, in: rateLimits.store, charge: false)
  }

  /// Counts one failed sign-in to `email`.
  func recordFailedSignIn(_ email: String) async throws(AuthFailure) {
    guard let rateLimits, let limit = rateLimits.failedSignInsPerAccount else { return }
    try await admit(try Self.failureKey(email), limit, in: rateLimits.store, charge: true)
  }

  /// The counter of an address's failures: a digest, so the counters never hold addresses.
  private static func failureKey(_ email: String) throws(AuthFailure) -> String {
    "auth-fail:" + (try hash(email)).map { String(format: "%02x", $0) }.joined()
  }

  private func admit(
    _ key: String, _ limit: RateLimit, in store: any ServerStore, charge: Bool
  ) async throws(AuthFailure) {
    let decision: AdmissionDecision
    do {
      decision = try await store.admit(
        AdmissionRequest(
          userID: key, now: now, rateLimit: limit, freeAllowance: nil, charge: charge))
    } catch {
      throw .storeUnavailable
    }
    if case .rateLimited(let retryAfter) = decision {
      throw .overRequestRateLimit(retryAfter: retryAfter)
    }
  }
}
