import Core
import Foundation

/// Why an HTTP exchange failed. Maps to `AppError` through `AppErrorConvertible`, and keeps
/// the raw response so callers can decode a service's own error shape.
public enum HTTPError: Error, Sendable, Equatable {
  /// No usable response: offline, host not found, connection refused or lost, timed out.
  /// `code` is an `NSURLErrorDomain` code (`-1009` offline, `-1001` timed out, …).
  case transport(code: Int, message: String)
  /// The server answered with a status outside 200–299. `response` holds the whole error
  /// body; `retryAfter` is the delay its `Retry-After` header asked for, in seconds.
  case status(HTTPResponse, retryAfter: TimeInterval?)
  /// The caller cancelled (the task was cancelled or the stream was abandoned).
  case cancelled
  /// The request could not be built: a relative path without a base URL, a malformed URL,
  /// or a body that could not be encoded.
  case invalidRequest(String)
}

extension HTTPError {
  /// The error response, for a `.status` failure.
  public var response: HTTPResponse? {
    if case .status(let response, _) = self { return response }
    return nil
  }

  /// The HTTP status, for a `.status` failure.
  public var statusCode: Int? { response?.statusCode }

  /// The raw error body, for a `.status` failure.
  public var body: Data? { response?.data }

  /// The message and code the server sent in its error body, for a `.status` failure.
  public var serverError: ServerErrorDetails? { response?.serverError }

  /// The delay the server asked for with `Retry-After`, in seconds.
  public var retryAfter: TimeInterval? {
    if case .status(_, let retryAfter) = self { return retryAfter }
    return nil
  }

  /// Whether this is a transport timeout (connect, idle or total).
  public var isTimeout: Bool {
    if case .transport(let code, _) = self { return code == URLErrorCode.timedOut }
    return false
  }
}

/// The `NSURLErrorDomain` codes the transport produces, named.
public enum URLErrorCode {
  /// -1: corelibs reports some transfer failures with no specific code.
  public static let unknown = -1
  /// -999: cancelled.
  public static let cancelled = -999
  /// -1001: timed out.
  public static let timedOut = -1001
  /// -1003: the host name did not resolve.
  public static let cannotFindHost = -1003
  /// -1004: the connection was refused or could not be made.
  public static let cannotConnectToHost = -1004
  /// -1005: the connection dropped during the exchange.
  public static let networkConnectionLost = -1005
  /// -1006: DNS lookup failed.
  public static let dnsLookupFailed = -1006
  /// -1007: the request was redirected more than 20 times.
  public static let httpTooManyRedirects = -1007
  /// -1011: the server's answer was not a usable HTTP response.
  public static let badServerResponse = -1011
  /// -1009: no network.
  public static let notConnectedToInternet = -1009
  /// -1200: the TLS handshake failed.
  public static let secureConnectionFailed = -1200
  /// -1202: the server's certificate is not trusted (or does not name the host).
  public static let serverCertificateUntrusted = -1202
}

extension HTTPError: AppErrorConvertible {
  /// Transport codes as Core maps them; 401 → `.unauthorized`, 404 → `.notFound`,
  /// 429 → `.rateLimited`; any other status → `.network(code: status, message: server text)`.
  public var appError: AppError {
    switch self {
    case .transport(let code, _):
      return AppError.mapURLErrorCode(code)
    case .cancelled:
      return .cancelled
    case .invalidRequest(let reason):
      return .unknown("invalid request: \(reason)")
    case .status(let response, let retryAfter):
      switch response.statusCode {
      case 401: return .unauthorized
      case 404: return .notFound
      case 429: return .rateLimited(retryAfter: retryAfter)
      default: return .network(code: response.statusCode, message: response.serverError?.message)
      }
    }
  }
}

extension HTTPError: CustomStringConvertible {
  /// A developer-facing description without bodies or header values.
  public var description: String {
    switch self {
    case .transport(let code, let message): return "HTTPError.transport(\(code): \(message))"
    case .status(let response, let retryAfter):
      let code = response.serverError?.code.map { " code=\($0)" } ?? ""
      let wait = retryAfter.map { " retryAfter=\($0)s" } ?? ""
      return "HTTPError.status(\(response.statusCode)\(code)\(wait), \(response.data.count) bytes)"
    case .cancelled: return "HTTPError.cancelled"
    case .invalidRequest(let reason): return "HTTPError.invalidRequest(\(reason))"
    }
  }
}
