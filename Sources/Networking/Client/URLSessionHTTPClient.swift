import Core
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real `HTTPClient`, over `URLSession` with a delegate, on Linux and Apple platforms.
///
/// Before each attempt it adds the default headers and runs the interceptors in order
/// (headers → auth → retry is the standard wiring). After a failed attempt it asks them
/// whether to retry, waits on the injected clock, and tries again. `GET` responses go
/// through the optional `HTTPResponseCache`. Every exchange is logged under `.networking` as
/// method, path, status and duration; never headers, query or bodies.
///
/// ```swift
/// let client = URLSessionHTTPClient(
///   baseURL: supabaseURL,
///   interceptors: [
///     HeadersInterceptor(appVersion: "1.0.0"),
///     AuthInterceptor(tokenProvider: tokens),
///     RetryInterceptor(policy: RetryPolicy(random: .live)),
///   ],
///   clock: .live, logger: logger)
/// let profile = try await client.send(HTTPRequest(path: "/rest/v1/profiles")).decode(Profile.self)
/// ```
public final class URLSessionHTTPClient: HTTPClient {
  /// Where relative request paths are resolved; `nil` when every request uses a full URL.
  public let baseURL: URL?
  /// Default headers, timeouts and session settings.
  public let configuration: HTTPClientConfiguration
  /// The interceptors, in the order they run.
  public let interceptors: [any HTTPInterceptor]
  /// The `GET` response cache, if any.
  public let cache: HTTPResponseCache?
  let clock: AppClock
  let logger: AppLogger
  let transport: URLSessionTransport

  /// A client.
  /// - Parameters:
  ///   - baseURL: joined with relative request paths (`https://host/functions/v1` + `/ai`).
  ///   - configuration: default headers, timeouts, session settings.
  ///   - interceptors: run in order before every attempt and asked after every failure.
  ///   - cache: where `GET` responses are kept; `nil` disables caching.
  ///   - clock: waits between retries and dates `Retry-After` and log durations.
  ///   - logger: receives one line per exchange under `.networking`.
  public init(
    baseURL: URL?,
    configuration: HTTPClientConfiguration = HTTPClientConfiguration(),
    interceptors: [any HTTPInterceptor] = [],
    cache: HTTPResponseCache? = nil,
    clock: AppClock,
    logger: AppLogger = .disabled
  ) {
    self.baseURL = baseURL
    self.configuration = configuration
    self.interceptors = interceptors
    self.cache = cache
    self.clock = clock
    self.logger = logger
    self.transport = URLSessionTransport(makeConfiguration: configuration.sessionConfiguration)
  }

  /// Sends `request` and returns the whole response, retrying as the interceptors decide.
  /// - Throws: `HTTPError` (`.status` carries a non-2xx response with its body), or an
  ///   interceptor's own error.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    switch try await execute(request, streaming: false) {
    case .response(let response): return response
    case .stream(let stream): return try await stream.collect()
    }
  }

  /// Sends `request` and returns once a 2xx head arrives; the body then streams chunk by
  /// chunk. Retries happen only before this returns. A non-2xx answer is read in full and
  /// thrown as `HTTPError.status`.
  /// - Throws: `HTTPError`, or an interceptor's own error.
  public func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
    switch try await execute(request, streaming: true) {
    case .response(let response):
      return HTTPStreamResponse(
        statusCode: response.statusCode, headers: response.headers, url: response.url,
        body: .bytes(response.data))
    case .stream(let stream): return stream
    }
  }
}
