/// `GET /metrics`: the metrics in Prometheus text, for loopback clients only unless a bearer
/// token is configured, which then every client (loopback included) must present.
///
/// Without a token a client that is not loopback gets 403; with one, a missing, malformed or
/// wrong `Authorization` gets 401 with `WWW-Authenticate: Bearer`. The token is compared
/// in constant time. The client is `HTTPServerRequest.clientAddress`: behind a reverse proxy
/// on the same machine every peer is loopback, so list the proxy in `TRUSTED_PROXIES` (then
/// the forwarded client is judged), set a token, or have the proxy refuse `/metrics`.
public struct MetricsEndpoint: Sendable {
  private let metrics: HTTPServerMetrics
  private let token: [UInt8]?
  private let extraText: (@Sendable () -> String)?

  /// An endpoint for `metrics`; `bearerToken` `nil` or empty means loopback only.
  /// `extraText` adds the lines of metrics kept elsewhere (the proxy's), in Prometheus text.
  public init(
    metrics: HTTPServerMetrics, bearerToken: String?,
    extraText: (@Sendable () -> String)? = nil
  ) {
    self.metrics = metrics
    self.token = bearerToken.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
    self.extraText = extraText
  }

  /// The answer to a request for the metrics.
  public func respond(to request: HTTPServerRequest) -> HTTPServerResponse {
    if let token {
      guard let presented = Self.bearerToken(request.fields.fields(named: "Authorization")),
        Self.constantTimeEqual(presented, token)
      else {
        var refusal = HTTPServerResponse.text("401 Unauthorized\n", status: HTTPStatus(code: 401))
        refusal.fields.append(name: "WWW-Authenticate", value: "Bearer")
        return refusal
      }
    } else {
      guard request.clientAddress?.isLoopback == true else {
        return .text("403 Forbidden\n", status: HTTPStatus(code: 403))
      }
    }
    let text = metrics.prometheusText() + (extraText?() ?? "")
    return .text(text, contentType: HTTPServerMetrics.prometheusContentType)
  }

  /// The route handler.
  public var handler: HTTPRouter.Handler {
    let endpoint = self
    return { request, _ in endpoint.respond(to: request) }
  }

  /// The route handler for `HTTPRouter.add(_:_:bodyLimit:synchronousHandler:)`: the text
  /// is built from counters in memory, so the event loop can answer it inline.
  public var synchronousHandler: HTTPRouter.SynchronousHandler {
    let endpoint = self
    return { request, _ in endpoint.respond(to: request) }
  }

  /// The token of exactly one `Authorization: Bearer TOKEN` field: spaces and tabs trimmed,
  /// `Bearer` in any case, one or more spaces, a token without whitespace.
  static func bearerToken(_ fields: [HTTPField]) -> [UInt8]? {
    guard fields.count == 1 else { return nil }
    let value = fields[0].value.trimmingOptionalWhitespace()
    guard value.count > 7, value.prefix(6).equalsIgnoringASCIICase("Bearer") else { return nil }
    let rest = value.dropFirst(6)
    guard rest.first == " " else { return nil }
    let token = rest.drop { $0 == " " }
    guard !token.isEmpty, !token.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
    return Array(token.utf8)
  }

  /// Equal bytes, in time that depends only on the lengths.
  static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
    var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
    for index in 0..<max(left.count, right.count) {
      let a = index < left.count ? left[index] : 0
      let b = index < right.count ? right[index] : 0
      difference |= a ^ b
    }
    return difference == 0 && left.count == right.count
  }
}
