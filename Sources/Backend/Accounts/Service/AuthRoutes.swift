import Core
import Foundation
import JOSE

/// A part of the auth service that answers some of its routes over `AuthComponents`, with
/// the helpers every part shares: the request body, store calls, addresses, passwords, the
/// user object and starting a session.
protocol AuthRoutes: Sendable {
  /// What the part works with.
  var components: AuthComponents { get }
}

extension AuthRoutes {
  var store: any AuthStore { components.store }
  var configuration: AuthConfiguration { components.configuration }
  var clock: AppClock { components.clock }
  var uuid: UUIDGenerator { components.uuid }
  var hasher: PasswordHasher { components.hasher }
  var randomBytes: @Sendable (Int) throws -> [UInt8] { components.randomBytes }
  var keyring: AuthKeyring { components.keyring }
  var mailer: (any Mailer)? { components.mailer }
  var rateLimits: AuthRateLimits? { components.rateLimits }
  var idTokens: IDTokenVerifier? { components.idTokens }

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

  /// Starts a session for `user` after a sign-up, a sign-in or a followed link.
  func startSession(for user: AuthUserRecord) async throws(AuthFailure) -> BackendResponse {
    try await SessionIssuer(components: components).startSession(for: user)
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
