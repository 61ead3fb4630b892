import Core

/// Adds `Authorization: Bearer <token>` from a `TokenProvider`, unless the request already
/// has an `Authorization` header. Adds nothing when the provider has no token. Never asks
/// for retries: refreshing a rejected session is the auth module's job.
public struct AuthInterceptor: HTTPInterceptor {
  private let tokenProvider: any TokenProvider

  /// An interceptor asking `tokenProvider` before every attempt.
  public init(tokenProvider: any TokenProvider) {
    self.tokenProvider = tokenProvider
  }

  /// Sets the bearer token when the request has no `Authorization` header.
  /// - Throws: what the token provider throws (for example when the session ended).
  public func adapt(_ request: inout HTTPRequest) async throws {
    guard !request.headers.contains("Authorization") else { return }
    guard let token = try await tokenProvider.currentToken(), !token.isEmpty else { return }
    request.headers["Authorization"] = "Bearer \(token)"
  }
}
