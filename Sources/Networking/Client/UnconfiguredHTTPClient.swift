import Core

/// The client for a service that has no base URL configured: every call fails at once with
/// `AppError.notConfigured`, and nothing is ever sent. There is no placeholder host.
public struct UnconfiguredHTTPClient: HTTPClient {
  /// What is missing, as the error names it (e.g. `"PROXY_BASE_URL"`).
  public let missing: String

  /// A client that reports `missing` as not configured.
  public init(missing: String) {
    self.missing = missing
  }

  /// Always fails.
  /// - Throws: `AppError.notConfigured(missing)`.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    throw AppError.notConfigured(missing)
  }

  /// Always fails.
  /// - Throws: `AppError.notConfigured(missing)`.
  public func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
    throw AppError.notConfigured(missing)
  }
}
