import Foundation

/// A complete HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code, e.g. 200.
  public var statusCode: Int
  /// The header fields, looked up without case.
  public var headers: HTTPHeaders
  /// The body.
  public var data: Data
  /// The URL that answered (after redirects), when known.
  public var url: URL?

  /// A response with the given parts.
  public init(
    statusCode: Int, headers: HTTPHeaders = HTTPHeaders(), data: Data = Data(), url: URL? = nil
  ) {
    self.statusCode = statusCode
    self.headers = headers
    self.data = data
    self.url = url
  }

  /// The server's request identifier from `X-Request-ID`, for support and logs.
  public var requestID: String? { headers["X-Request-ID"] }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(statusCode) }

  /// Whether the status is 4xx.
  public var isClientError: Bool { (400..<500).contains(statusCode) }

  /// Whether the status is 5xx.
  public var isServerError: Bool { (500..<600).contains(statusCode) }

  /// The body decoded as JSON.
  /// - Throws: `DecodingError` when the body does not match `type` (it maps to
  ///   `AppError.decoding`).
  public func decode<Value: Decodable>(
    _ type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()
  ) throws -> Value {
    try decoder.decode(type, from: data)
  }

  /// The body as UTF-8 text, with invalid bytes replaced.
  public var text: String { String(decoding: data, as: UTF8.self) }
}

extension HTTPResponse: CustomStringConvertible {
  /// Status, header names and body size; never header values or the body.
  public var description: String {
    "HTTPResponse(\(statusCode), \(data.count) bytes, \(headers))"
  }
}
