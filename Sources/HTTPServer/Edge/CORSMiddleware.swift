/// Cross-origin access for browser clients (`CORSPolicy`), on every route, 404 and 405
/// included.
///
/// A preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) from an
/// allowed origin asking for an allowed method is answered here, 204, without reaching a
/// route; any other preflight goes on to the route and comes back without CORS fields. Any
/// other request goes on; its answer gets `Access-Control-Allow-Origin` (the
/// request's origin) and `Access-Control-Expose-Headers` when the origin is allowed, and
/// nothing CORS when it is not, so the browser withholds it. Every answer carries
/// `Vary: Origin`, so a cache never serves one origin's answer to another.
public struct CORSMiddleware: HTTPSynchronousMiddleware {
  private let policy: CORSPolicy

  /// Applies `policy`.
  public init(policy: CORSPolicy) {
    self.policy = policy
  }

  /// Answers an allowed preflight, or calls `next` and marks its answer.
  public func respond(
    to request: HTTPServerRequest, route: HTTPRouteMatch, next: HTTPMiddlewareNext
  ) async -> HTTPServerResponse {
    if let answer = preflightAnswer(request) { return answer }
    return marked(await next(request), for: request)
  }

  /// The same as `respond`, without suspending.
  public func respondSynchronously(
    to request: HTTPServerRequest, route: HTTPRouteMatch,
    next: (HTTPServerRequest) -> HTTPServerResponse
  ) -> HTTPServerResponse {
    if let answer = preflightAnswer(request) { return answer }
    return marked(next(request), for: request)
  }

  /// The request's one `Origin`, when this policy allows it.
  private func allowedOrigin(_ request: HTTPServerRequest) -> String? {
    let origins = request.fields.fields(named: "Origin")
    guard origins.count == 1, let origin = origins.first?.value, policy.allows(origin: origin)
    else { return nil }
    return origin
  }

  private func preflightAnswer(_ request: HTTPServerRequest) -> HTTPServerResponse? {
    guard request.method == .options,
      let method = request.fields["Access-Control-Request-Method"],
      let origin = allowedOrigin(request),
      CORSPolicy.allowedMethods.contains(method.trimmingOptionalWhitespace().uppercased())
    else { return nil }
    var fields = HTTPFields([
      ("Access-Control-Allow-Origin", origin),
      ("Access-Control-Allow-Methods", CORSPolicy.allowedMethods.joined(separator: ", ")),
      ("Access-Control-Max-Age", String(CORSPolicy.maxAgeSeconds)),
      ("Vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"),
    ])
    let headers = CORSPolicy.allowed(
      requestedHeaders: request.fields.listElements(named: "Access-Control-Request-Headers"))
    if !headers.isEmpty {
      fields.append(name: "Access-Control-Allow-Headers", value: headers.joined(separator: ", "))
    }
    return HTTPServerResponse(status: .noContent, fields: fields)
  }

  private func marked(
    _ response: HTTPServerResponse, for request: HTTPServerRequest
  ) -> HTTPServerResponse {
    var response = response
    response.fields.append(name: "Vary", value: "Origin")
    // A preflight that reached here was refused: nothing may read as an allowance.
    let isPreflight =
      request.method == .options && request.fields["Access-Control-Request-Method"] != nil
    if !isPreflight, let origin = allowedOrigin(request) {
      response.fields.append(name: "Access-Control-Allow-Origin", value: origin)
      response.fields.append(
        name: "Access-Control-Expose-Headers",
        value: CORSPolicy.exposedHeaders.joined(separator: ", "))
    }
    return response
  }
}
