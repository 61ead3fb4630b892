/// Supplies the bearer token for authenticated requests.
///
/// Lives in Core so that Networking (the `AuthInterceptor`) and Storage (the token provider
/// over a `SecureStore`) can meet without depending on each other. Implementations may
/// refresh an expired token before returning it; `nil` means "send the request without one".
public protocol TokenProvider: Sendable {
  /// The access token to send now, or `nil` when there is none.
  /// - Throws: when a token exists but cannot be made valid (for example the session ended).
  func currentToken() async throws -> String?
}
