/// Sends HTTP requests. Every remote feature (AI, auth, payments, sync) talks through one.
///
/// Implementations: `URLSessionHTTPClient` (the real one, on Linux and Apple platforms),
/// `UnconfiguredHTTPClient` (fails fast when a service has no base URL) and, for tests,
/// `StubHTTPClient` in TestSupport.
public protocol HTTPClient: Sendable {
  /// Sends `request` and returns the whole response once its body has arrived.
  /// - Throws: `HTTPError` (`.status` for a non-2xx answer, carrying the error body;
  ///   `.transport`, `.cancelled`, `.invalidRequest`), or whatever an interceptor threw (for
  ///   example the token provider's error).
  func send(_ request: HTTPRequest) async throws -> HTTPResponse

  /// Sends `request` and returns as soon as the status and headers arrive; the body follows
  /// as chunks in `HTTPStreamResponse.body`, each delivered as it arrives.
  ///
  /// A non-2xx answer never returns a stream: its whole body is read and thrown as
  /// `HTTPError.status`. Abandoning the body (breaking out of the loop, cancelling the task,
  /// dropping the response) stops the transfer at once.
  /// - Throws: the same errors as `send(_:)`.
  func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse
}
