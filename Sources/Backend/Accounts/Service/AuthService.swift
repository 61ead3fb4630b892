import Core
import Foundation
import JOSE

/// Supabase Auth (GoTrue) as kiln-server serves it: sign-up, password and refresh-token
/// grants, logout, the user, settings and the JWKS under `/auth/v1`, and the seed's
/// `POST /functions/v1/delete-account`. Same paths, JSON shapes, error codes and statuses
/// as GoTrue, so a Supabase client works unchanged (decisions 12 and 16).
///
/// It routes each request to the part that answers it (`SignUpRoutes`, `TokenGrants`,
/// `IDTokenGrant`, `RecoveryRoutes`, `UserRoutes`, `AdminRoutes`), each testable alone over
/// the same `AuthComponents`. Handlers take a `BackendRequest` and answer a
/// `BackendResponse`; sockets are kiln-server's. Every state change goes through the `AuthStore` in one call, so any
/// number of instances can serve one store.
public struct AuthService: Sendable, AuthRoutes {
  /// The path prefix of GoTrue's routes.
  public static let authPrefix = "/auth/v1"
  /// The seed's delete-account function.
  public static let deleteAccountPath = "/functions/v1/delete-account"

  /// What every part of the service works with.
  var components: AuthComponents

  /// The keys that sign tokens and API keys.
  public var keyring: AuthKeyring { components.keyring }

  /// A service over `store`.
  /// - Parameters:
  ///   - mailer: delivers `/recover` links (kiln-server's default is `OutboxMailer`).
  ///   - randomBytes: secure random bytes (salts, refresh tokens, keys); OpenSSL's by default.
  ///   - onAccountDeleted: erases what the rest of the server keeps for a user id
  ///     (kiln-server points it at `ServerStore.eraseUser`); runs before the account is
  ///     deleted, so a failure leaves the account in place and the call can be repeated,
  ///     and once more after it, for what requests in flight wrote meanwhile (a failure of
  ///     that second run is the hook's to report: the account is gone by then).
  public init(
    store: any AuthStore, configuration: AuthConfiguration, clock: AppClock, uuid: UUIDGenerator,
    mailer: (any Mailer)? = nil,
    randomBytes: @escaping @Sendable (Int) throws -> [UInt8] = SecureRandom.bytes(count:),
    onAccountDeleted: @escaping @Sendable (String) async throws -> Void
  ) {
    components = AuthComponents(
      store: store, configuration: configuration, clock: clock, uuid: uuid, mailer: mailer,
      randomBytes: randomBytes, onAccountDeleted: onAccountDeleted)
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
      return try await UserRoutes(components: components).deleteAccount(request)
    }
    guard request.path.hasPrefix(Self.authPrefix + "/") else { throw .notFound }
    let route = String(request.path.dropFirst(Self.authPrefix.count))
    // Public keys are public: verifiers fetch them without a project's API key.
    if route == "/.well-known/jwks.json" {
      guard request.method == "GET" else { throw .methodNotAllowed }
      return .json(status: 200, Array(try await keyring.jwksText().utf8))
    }
    // The mailed link is opened by a browser, which sends no API key.
    if request.method == "GET", route == "/verify" {
      return await RecoveryRoutes(components: components).verifyLink(request)
    }
    try await requireAPIKey(request)
    let signUp = SignUpRoutes(components: components)
    let user = UserRoutes(components: components)
    let recovery = RecoveryRoutes(components: components)
    switch (request.method, route) {
    case ("POST", "/signup"): return try await signUp.signUp(request)
    case ("POST", "/resend"): return try await signUp.resend(request)
    case ("POST", "/token"): return try await TokenGrants(components: components).token(request)
    case ("POST", "/logout"): return try await user.logout(request)
    case ("GET", "/user"): return try await user.currentUser(request)
    case ("PUT", "/user"): return try await user.updateUser(request)
    case ("GET", "/settings"): return user.settings()
    case ("POST", "/recover"): return try await recovery.recover(request)
    case ("POST", "/verify"): return try await recovery.verify(request)
    case (_, let admin) where admin.hasPrefix(AdminRoutes.usersRoute):
      return try await AdminRoutes(components: components).admin(request, route: admin)
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

  /// An address trimmed of surrounding white space and lower-cased, as GoTrue keeps it.
  public static func normalizedEmail(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  /// Whether a normalised address has the form `local@domain.tld`, with no white space.
  static func isPlausibleEmail(_ email: String) -> Bool {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard email.utf8.count <= 255, parts.count == 2, !parts[0].isEmpty,
      !email.contains(where: \.isWhitespace)
    else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
  }
}
