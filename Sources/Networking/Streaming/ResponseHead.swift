import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The status line and headers of a response, available before its body.
struct ResponseHead: Sendable {
  var statusCode: Int
  var headers: HTTPHeaders
  var url: URL?

  init(statusCode: Int, headers: HTTPHeaders, url: URL?) {
    self.statusCode = statusCode
    self.headers = headers
    self.url = url
  }

  /// The head of a Foundation response; `nil` when it is not HTTP.
  init?(_ response: URLResponse) {
    guard let http = response as? HTTPURLResponse else { return nil }
    var headers = HTTPHeaders()
    let pairs = http.allHeaderFields.compactMap { key, value -> (String, String)? in
      guard let name = key as? String else { return nil }
      return (name, value as? String ?? String(describing: value))
    }
    // Foundation's dictionary has no order; sorting keeps descriptions and tests stable.
    for (name, value) in pairs.sorted(by: { $0.0 < $1.0 }) {
      headers.add(name: name, value: value)
    }
    self.init(statusCode: http.statusCode, headers: headers, url: http.url)
  }

  var isSuccess: Bool { (200..<300).contains(statusCode) }

  /// The error for this non-2xx head and the error body that came with it, with the delay
  /// its `Retry-After` asks for as of `now`.
  func statusError(body: Data, now: Date) -> HTTPError {
    let response = HTTPResponse(statusCode: statusCode, headers: headers, data: body, url: url)
    return .status(response, retryAfter: RetryAfter.delay(in: headers, now: now))
  }
}

/// Turns Foundation's transfer errors into `HTTPError`.
enum TransportErrorMapper {
  #if canImport(FoundationNetworking)
    static let isCorelibs = true
  #else
    static let isCorelibs = false
  #endif

  /// `receivedHead` tells whether the response head had arrived. corelibs reports a body cut
  /// short with the generic code -1 ("transfer closed with N bytes remaining") and a
  /// connection closed before any response with -1011 ("Empty reply from server"); Apple's
  /// Foundation reports both as -1005, so they become -1005 here (and so are retryable).
  static func map(_ error: any Error, receivedHead: Bool) -> HTTPError {
    let nsError = error as NSError
    guard nsError.domain == NSURLErrorDomain else {
      return .transport(code: URLErrorCode.unknown, message: nsError.localizedDescription)
    }
    switch nsError.code {
    case URLErrorCode.cancelled:
      return .cancelled
    case URLErrorCode.unknown where receivedHead:
      return .transport(
        code: URLErrorCode.networkConnectionLost,
        message: "The connection was lost: \(nsError.localizedDescription)")
    case URLErrorCode.badServerResponse where !receivedHead && Self.isCorelibs:
      return .transport(
        code: URLErrorCode.networkConnectionLost,
        message: "The connection closed without a response: \(nsError.localizedDescription)")
    default:
      return .transport(code: nsError.code, message: nsError.localizedDescription)
    }
  }
}
