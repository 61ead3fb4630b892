import Foundation

extension HTTPRequest {
  /// A copy with the header `name` set to `value`, replacing any field with that name.
  public func withHeader(_ name: String, _ value: String) -> HTTPRequest {
    var copy = self
    copy.headers[name] = value
    return copy
  }

  /// A copy with every field of `headers` set, replacing fields with the same names.
  public func withHeaders(_ headers: HTTPHeaders) -> HTTPRequest {
    var copy = self
    for field in headers { copy.headers[field.name] = field.value }
    return copy
  }

  /// A copy with the query item `name=value` appended. A `nil` value leaves the request
  /// unchanged, so optional parameters read naturally: `.withQuery("cursor", cursor)`.
  public func withQuery(_ name: String, _ value: String?) -> HTTPRequest {
    guard let value else { return self }
    var copy = self
    copy.query.append(URLQueryItem(name: name, value: value))
    return copy
  }

  /// A copy with every item appended in order.
  public func withQuery(_ items: [URLQueryItem]) -> HTTPRequest {
    var copy = self
    copy.query.append(contentsOf: items)
    return copy
  }

  /// A copy with `body` as the body; sets `Content-Type` when given.
  public func withBody(_ body: Data?, contentType: String? = nil) -> HTTPRequest {
    var copy = self
    copy.body = body
    if let contentType { copy.headers["Content-Type"] = contentType }
    return copy
  }

  /// A copy whose body is `value` encoded as JSON, with `Content-Type: application/json`
  /// unless a content type is already set.
  /// - Throws: `HTTPError.invalidRequest` when the value cannot be encoded.
  public func withJSONBody<Value: Encodable>(
    _ value: Value, encoder: JSONEncoder = JSONEncoder()
  ) throws -> HTTPRequest {
    let data: Data
    do {
      data = try encoder.encode(value)
    } catch {
      throw HTTPError.invalidRequest("JSON body could not be encoded: \(error)")
    }
    var copy = self
    copy.body = data
    copy.headers.setIfAbsent("Content-Type", "application/json")
    return copy
  }

  /// A copy with the cache policy set (`nil` restores the client's default).
  public func withCachePolicy(_ policy: HTTPCachePolicy?) -> HTTPRequest {
    var copy = self
    copy.cachePolicy = policy
    return copy
  }

  /// A copy that gives up when the server takes longer than `seconds` to send the response
  /// head, or stays silent that long between body chunks (like `URLRequest.timeoutInterval`).
  /// There is still no total deadline; use `withTimeouts(_:)` for one.
  public func withTimeout(_ seconds: TimeInterval) -> HTTPRequest {
    withTimeouts(HTTPTimeouts(connect: seconds, idle: seconds, total: timeouts?.total))
  }

  /// A copy with all three timeouts set (`nil` restores the client's default).
  public func withTimeouts(_ timeouts: HTTPTimeouts?) -> HTTPRequest {
    var copy = self
    copy.timeouts = timeouts
    return copy
  }
}
