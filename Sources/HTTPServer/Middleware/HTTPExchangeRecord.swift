import Foundation

/// What the server did for one request, once its response is complete: what the access log
/// writes and the metrics count. It holds no body, query string or field value.
public struct HTTPExchangeRecord: Sendable, Hashable {
  /// When the request reached the middleware.
  public var start: Date
  /// The request's identifier (`RequestIDMiddleware`), if any.
  public var requestID: String? {
    get { requestIDBytes.map { String(decoding: $0, as: UTF8.self) } }
    set { requestIDBytes = newValue.map { Array($0.utf8) } }
  }
  /// The identifier as the request field's bytes: the record shares them instead of
  /// making a `String` per request, and the access log copies them as they are.
  var requestIDBytes: [UInt8]?
  /// The request method.
  public var method: HTTPRequestMethod
  /// The matched route's pattern; `nil` when no route matched.
  public var route: String?
  /// The response status code.
  public var status: Int
  /// Time until the response head was ready (the whole answer for a fixed body).
  public var latency: Duration
  /// Time until the last body byte was handed to the connection (streams run longer).
  public var duration: Duration
  /// Body bytes of the response (for a stream, those its producer wrote).
  public var bodyBytes: Int
  /// Whether the body was complete: `false` when a stream's client left or its producer
  /// failed.
  public var completed: Bool
  /// What the responder added for the access log (`HTTPServerResponse.accessLogFields`).
  public var fields: [AccessLogField]

  /// A record from its parts.
  public init(
    start: Date, requestID: String?, method: HTTPRequestMethod, route: String?, status: Int,
    latency: Duration, duration: Duration, bodyBytes: Int, completed: Bool,
    fields: [AccessLogField] = []
  ) {
    self.start = start
    self.requestIDBytes = requestID.map { Array($0.utf8) }
    self.method = method
    self.route = route
    self.status = status
    self.latency = latency
    self.duration = duration
    self.bodyBytes = bodyBytes
    self.completed = completed
    self.fields = fields
  }
}

/// Receives every finished exchange (the access log, the metrics).
public protocol HTTPExchangeObserver: Sendable {
  /// Called once per request, when its response is complete or abandoned.
  func exchangeFinished(_ record: HTTPExchangeRecord)
}

extension HTTPServerMetrics: HTTPExchangeObserver {
  /// Counts the request (see `record(_:)`).
  public func exchangeFinished(_ record: HTTPExchangeRecord) { self.record(record) }
}
