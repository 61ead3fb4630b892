import Core
import Foundation
import Networking

/// The GoTrue (Supabase Auth) REST API over an `HTTPClient`.
///
/// Every call goes to an absolute URL under `AuthConfig.authURL` (`{SUPABASE_URL}/auth/v1`),
/// so the HTTP client needs no base URL. Every call carries `apikey` and
/// `X-Supabase-Api-Version: 2024-01-01` (so errors come in the current shape); calls on behalf
/// of a user add `Authorization: Bearer <access token>`. Error answers become
/// `AuthError.server(GoTrueError)` whatever their shape; transport failures stay `HTTPError`.
///
/// Give it an `HTTPClient` **without** an `AuthInterceptor` backed by the session manager (a
/// refresh would wait for a token that waits for the refresh) and without a retry interceptor
/// (the session manager retries refreshes itself, inside GoTrue's reuse window).
public struct GoTrueClient: GoTrueAPI {
  /// The API version GoTrue answers errors for with `{code, message}`.
  public static let apiVersion = "2024-01-01"

  /// The project.
  public let config: AuthConfig
  let http: any HTTPClient
  let clock: AppClock

  /// A client for the project in `config`.
  /// - Parameters:
  ///   - config: the Supabase URL and anon key.
  ///   - httpClient: sends the requests (see the type's note about interceptors).
  ///   - clock: turns `expires_in` into an expiry date.
  public init(config: AuthConfig, httpClient: any HTTPClient, clock: AppClock) {
    self.config = config
    self.http = httpClient
    self.clock = clock
  }

  /// `POST /signup {email, password}`.
  /// - Throws: `AuthError.server` (`weak_password`, `user_already_exists`, …), transport errors,
  ///   `AuthError.invalidResponse`.
  public func signUp(email: String, password: String) async throws -> GoTrueSignUpResult {
    let request = try post("signup", body: ["email": email, "password": password])
    let response = try await send(request)
    return try GoTrueWire.signUp(from: response.data, now: clock.now())
  }

  /// `POST /token?grant_type=password {email, password}`.
  /// - Throws: `AuthError.server` (`invalid_credentials`, `email_not_confirmed`, …), transport
  ///   errors, `AuthError.invalidResponse`.
  public func signIn(email: String, password: String) async throws -> AuthSession {
    try await tokenGrant("password", body: ["email": email, "password": password])
  }

  /// `POST /token?grant_type=id_token {provider, id_token, nonce?, access_token?}`.
  /// - Throws: `AuthError.server` (OAuth-shaped "Bad ID token", "Nonces mismatch"), transport
  ///   errors, `AuthError.invalidResponse`.
  public func signIn(with credential: OpenIDCredential) async throws -> AuthSession {
    var body = ["provider": credential.provider.rawValue, "id_token": credential.idToken]
    body["nonce"] = credential.nonce
    body["access_token"] = credential.accessToken
    return try await tokenGrant("id_token", body: body)
  }

  /// `POST /token?grant_type=refresh_token {refresh_token}`.
  /// - Throws: `AuthError.server` (`refresh_token_not_found`, …), transport errors,
  ///   `AuthError.invalidResponse`.
  public func refresh(refreshToken: String) async throws -> AuthSession {
    try await tokenGrant("refresh_token", body: ["refresh_token": refreshToken])
  }

  /// `POST /recover {email}`, with `redirect_to` when the configuration names one.
  /// - Throws: `AuthError.server` (rate limits), transport errors.
  public func recover(email: String) async throws {
    let request = try post("recover", body: ["email": email])
      .withQuery("redirect_to", config.passwordResetRedirectURL?.absoluteString)
    _ = try await send(request)
  }

  /// `POST /logout?scope=…` with the access token; GoTrue answers 204.
  /// - Throws: `AuthError.server`, transport errors.
  public func logout(accessToken: String, scope: SignOutScope) async throws {
    let request = try post("logout", body: [String: String]())
      .withQuery("scope", scope.rawValue)
      .withHeader("Authorization", "Bearer \(accessToken)")
    _ = try await send(request)
  }

  /// `GET /user` with the access token.
  /// - Throws: `AuthError.server` (`bad_jwt`, `session_not_found`, …), transport errors,
  ///   `AuthError.invalidResponse`.
  public func user(accessToken: String) async throws -> AuthUser {
    let request = HTTPRequest(url: endpoint("user"))
      .withHeaders(commonHeaders)
      .withHeader("Authorization", "Bearer \(accessToken)")
    return try GoTrueWire.user(from: try await send(request).data)
  }

  /// `POST {SUPABASE_URL}/functions/v1/delete-account` with the access token.
  /// - Throws: `AuthError.server` with the function's error, transport errors.
  public func deleteAccount(accessToken: String) async throws {
    let request = try HTTPRequest(url: config.deleteAccountURL, method: .post)
      .withHeaders(commonHeaders)
      .withHeader("Authorization", "Bearer \(accessToken)")
      .withJSONBody([String: String]())
    _ = try await send(request)
  }
}

extension GoTrueClient {
  var commonHeaders: HTTPHeaders {
    [
      "apikey": config.supabaseAnonKey,
      "X-Supabase-Api-Version": Self.apiVersion,
      "Accept": "application/json",
    ]
  }

  func endpoint(_ name: String) -> URL {
    config.authURL.appendingPathComponent(name)
  }

  func post(_ name: String, body: [String: String]) throws -> HTTPRequest {
    try HTTPRequest(url: endpoint(name), method: .post)
      .withHeaders(commonHeaders)
      .withJSONBody(body)
  }

  func tokenGrant(_ grantType: String, body: [String: String]) async throws -> AuthSession {
    let request = try post("token", body: body).withQuery("grant_type", grantType)
    let response = try await send(request)
    return try GoTrueWire.session(from: response.data, now: clock.now())
  }

  /// Sends `request`, turning an error answer into `AuthError.server`.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    do {
      return try await http.send(request)
    } catch let HTTPError.status(response, retryAfter) {
      throw AuthError.server(
        GoTrueError.decode(
          status: response.statusCode, body: response.data,
          headerCode: response.headers["x-sb-error-code"], retryAfter: retryAfter))
    }
  }
}
