import Core
import Foundation
import JOSE

/// Supabase Auth (GoTrue) as kiln-server serves it: sign-up, password and refresh-token
/// grants, logout, the user, settings and the JWKS under `/auth/v1`, and the seed's
/// `POST /functions/v1/delete-account`. Same paths, JSON shapes, error codes and statuses
/// as GoTrue, so a Supabase client works unchanged (decisions 12 and 16).
///
/// Handlers take a `BackendRequest` and answer a `BackendResponse`; sockets are
/// kiln-server's. Every state change goes through the `AuthStore` in one call, so any
/// number of instances can serve one store.
public struct AuthService: Sendable {
  /// The path prefix of GoTrue's routes.
  public static let authPrefix = "/auth/v1"
  /// The seed's delete-account function.
  public static let deleteAccountPath = "/functions/v1/delete-account"

  /// The keys that sign tokens and API keys.
  public let keyring: AuthKeyring
  let store: any AuthStore
  let configuration: AuthConfiguration
  let clock: AppClock
  let uuid: UUIDGenerator
  let hasher: PasswordHasher
  let randomBytes: @Sendable (Int) throws -> [UInt8]
  let onAccountDeleted: @Sendable (String) async throws -> Void
  /// Per-address and per-account limits; `nil` for none (`limited(by:)` sets them).
  var rateLimits: AuthRateLimits?
  /// Delivers recovery and confirmation links; without one `/recover` refuses every call.
  let mailer: (any Mailer)?
  /// Judges `id_token` grants; `nil` until `signingIn(with:)`, so every provider is disabled.
  var idTokens: IDTokenVerifier?

  /// A service over `store`.
  /// - Parameters:
  ///   - mailer: delivers `/recover` links (kiln-server's default is `OutboxMailer`).
  ///   - randomBytes: secure random bytes (salts, refresh tokens, keys); OpenSSL's by default.
  ///   - onAccountDeleted: erases what the rest of the server keeps for a user id
  ///     (kiln-server points it at `ServerStore.eraseUser`); runs before the account is
  ///     deleted, so a failure leaves the account in place and the call can be repeated.
  public init(
    store: any AuthStore, configuration: AuthConfiguration, clock: AppClock, uuid: UUIDGenerator,
    mailer: (any Mailer)? = nil,
    randomBytes: @escaping @Sendable (Int) throws -> [UInt8] = SecureRandom.bytes(count:),
    onAccountDeleted: @escaping @Sendable (String) async throws -> Void
  ) {
    self.store = store
    self.configuration = configuration
    self.clock = clock
    self.uuid = uuid
    self.randomBytes = randomBytes
    self.onAccountDeleted = onAccountDeleted
    self.mailer = mailer
    self.keyring = AuthKeyring(
      store: store, configuration: configuration, clock: clock, randomBytes: randomBytes)
    self.hasher = PasswordHasher(
      parameters: configuration.scrypt,
      slots: HashingSlots(
        count: configuration.concurrentHashes, wait: configuration.hashWait, clock: clock),
      randomBytes: randomBytes)
  }

  /// Whether `path` is one of this service's routes.
  public static func handles(path: String) -> Bool {
    path == deleteAccountPath || path.hasPrefix(authPrefix + "/")
  }

  /// The answer to `request`; every refusal is in GoTrue's error shape.
  public func handle(_ request: BackendRequest) async -> BackendResponse {
    do {
      try await admitAddress(request)
      return try await route(request)
    } catch {
      return error.response(to: request)
    }
  }

  private func route(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    if request.path == Self.deleteAccountPath {
      guard request.method == "POST" else { throw .methodNotAllowed }
      return try await deleteAccount(request)
    }
    guard request.path.hasPrefix(Self.authPrefix + "/") else { throw .notFound }
    let route = String(request.path.dropFirst(Self.authPrefix.count))
    // Public keys are public: verifiers fetch them without a project's API key.
    if route == "/.well-known/jwks.json" {
      guard request.method == "GET" else { throw .methodNotAllowed }
      return .json(status: 200, Array(try await keyring.jwksText().utf8))
    }
    // The mailed link is opened by a browser, which sends no API key.
    if request.method == "GET", route == "/verify" { return await verifyLink(request) }
    try await requireAPIKey(request)
    switch (request.method, route) {
    case ("POST", "/signup"): return try await signUp(request)
    case ("POST", "/token"): return try await token(request)
    case ("POST", "/logout"): return try await logout(request)
    case ("GET", "/user"): return try await currentUser(request)
    case ("PUT", "/user"): return try await updateUser(request)
    case ("GET", "/settings"): return settings()
    case ("POST", "/recover"): return try await recover(request)
    case ("POST", "/verify"): return try await verify(request)
    case ("POST", "/resend"): return try await resend(request)
    case (_, let admin) where admin.hasPrefix(Self.adminUsersRoute):
      return try await self.admin(request, route: admin)
    case (_, "/signup"), (_, "/token"), (_, "/logout"), (_, "/user"), (_, "/settings"),
      (_, "/recover"), (_, "/verify"), (_, "/resend"):
      throw .methodNotAllowed
    default: throw .notFound
    }
  }

  /// Refuses a request whose `apikey` is not one of the project's (decision 23).
  private func requireAPIKey(_ request: BackendRequest) async throws(AuthFailure) {
    guard let presented = request.header("apikey"), try await keyring.isAPIKey(presented) else {
      throw .noAPIKey
    }
  }

  /// The current time, as the tokens count it.
  var now: Date { clock.now() }

  /// `body` of the request as one JSON object (an empty body is an empty object).
  func object(_ request: BackendRequest) throws(AuthFailure) -> [String: StrictJSONValue] {
    if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return [:]
    }
    do {
      return try StrictJSONParser().parseObject(request.body)
    } catch {
      throw .badJSON
    }
  }

  /// Runs a store call, turning its failure into GoTrue's 503/500.
  func stored<Value>(
    _ call: () async throws(AuthStoreError) -> Value
  ) async throws(AuthFailure) -> Value {
    do {
      return try await call()
    } catch {
      throw AuthFailure(error)
    }
  }
}
