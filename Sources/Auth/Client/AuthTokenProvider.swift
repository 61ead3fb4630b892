import Core

/// The `TokenProvider` for Networking's `AuthInterceptor`: asks the auth client for a token
/// that is valid now, so a request never goes out with an expired one.
///
/// ```swift
/// let provider = AuthTokenProvider(client: sessionManager)
/// let client = URLSessionHTTPClient(baseURL: proxyURL, interceptors: [
///   AuthInterceptor(tokenProvider: provider)
/// ])
/// ```
public struct AuthTokenProvider: TokenProvider {
  private let client: any AuthClient

  /// A provider backed by `client` (`SessionManager`, or `MockAuthClient` in development).
  public init(client: any AuthClient) {
    self.client = client
  }

  /// The current access token, refreshed first when it is about to expire; `nil` when nobody
  /// is signed in.
  /// - Throws: `AuthError.sessionExpired` when the session ended, or the transient error when
  ///   an expired token could not be renewed.
  public func currentToken() async throws -> String? {
    try await client.validAccessToken()
  }
}
