/// A request as Backend's handlers see it: no sockets, no framing (kiln-server's adapter
/// builds it from the HTTP server's request).
public struct BackendRequest: Sendable {
  /// The method, as sent (`GET`, `POST`, …).
  public var method: String
  /// The path, without the query.
  public var path: String
  /// The query's name-value pairs, percent-decoded, in order.
  public var query: [(name: String, value: String)]
  /// The header fields, in order.
  public var headers: [(name: String, value: String)]
  /// The whole body (the server has already applied the route's size limit).
  public var body: [UInt8]
  /// The client's address (after `TRUSTED_PROXIES`), for per-address limits and logs.
  public var clientAddress: String?
  /// The request id the server answers with `X-Request-ID`.
  public var requestID: String

  /// A request with every part given.
  public init(
    method: String, path: String, query: [(name: String, value: String)] = [],
    headers: [(name: String, value: String)] = [], body: [UInt8] = [],
    clientAddress: String? = nil, requestID: String = ""
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.clientAddress = clientAddress
    self.requestID = requestID
  }

  /// The first value of the header `name`, compared without case.
  public func header(_ name: String) -> String? {
    headers.first { Self.sameName($0.name, name) }?.value
  }

  /// The first value of the query item `name`.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  static func sameName(_ left: String, _ right: String) -> Bool {
    left.utf8.count == right.utf8.count && left.lowercased() == right.lowercased()
  }
}
