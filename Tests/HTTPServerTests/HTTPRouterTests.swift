import HTTPServer
import Testing

@Suite struct HTTPRouterTests {
  private func request(_ method: HTTPRequestMethod, _ target: String) -> HTTPServerRequest {
    HTTPServerRequest(
      head: HTTPRequestHead(
        method: method, target: target, version: .http11, fields: HTTPFields([("Host", "a")])))
  }

  private func router() -> HTTPRouter {
    var router = HTTPRouter()
    router.add(.get, "/health") { _, _ in .text("ok") }
    router.add(.get, "/v1/items/:id/notes/:note") { _, parameters in
      .text("\(parameters["id"] ?? "-")|\(parameters["note"] ?? "-")")
    }
    router.add(.delete, "/v1/items/:id") { _, parameters in
      .text("deleted \(parameters["id"] ?? "-")")
    }
    router.add(.get, "/search") { _, parameters in
      .text(parameters.query.map { "\($0.name)=\($0.value)" }.joined(separator: ";"))
    }
    return router
  }

  private func body(_ response: HTTPServerResponse) -> String {
    guard case .bytes(let bytes) = response.body else { return "<stream>" }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func capturesPathParametersPercentDecoded() async {
    let response = await router().respond(to: request(.get, "/v1/items/a%20b/notes/7?x=1"))
    #expect(response.status == .ok)
    #expect(body(response) == "a b|7")
  }

  @Test func answers404ForAnUnknownPathAnd405WithAllowForAnotherMethod() async {
    let missing = await router().respond(to: request(.get, "/v1/items"))
    #expect(missing.status.code == 404)
    let wrongMethod = await router().respond(to: request(.post, "/v1/items/3"))
    #expect(wrongMethod.status.code == 405)
    #expect(wrongMethod.fields["Allow"] == "DELETE")
  }

  @Test func servesHeadFromTheGetRoute() async {
    let response = await router().respond(to: request(.head, "/health"))
    #expect(body(response) == "ok")
  }

  @Test func routesAbsoluteFormTargetsByTheirPath() async {
    let response = await router().respond(to: request(.get, "http://example.com/health"))
    #expect(body(response) == "ok")
  }

  @Test func parsesTheQueryInOrderWithPlusAsSpace() async {
    let response = await router().respond(
      to: request(.get, "/search?q=kiln+server&empty&q=%C3%A9&bad=%ZZ&x=a%3Db"))
    #expect(body(response) == "q=kiln server;empty=;q=é;x=a=b")
  }

  @Test func refusesAPathParameterWithABadEscape() async {
    let response = await router().respond(to: request(.delete, "/v1/items/%G1"))
    #expect(response.status.code == 404)
  }
}

/// Middleware order, the route pattern it sees, and per-route body limits.
@Suite struct HTTPRouterMiddlewareTests {
  struct Tagging: HTTPMiddleware {
    var tag: String
    func respond(
      to request: HTTPServerRequest, route: HTTPRouteMatch, next: HTTPMiddlewareNext
    ) async -> HTTPServerResponse {
      var request = request
      request.head.fields.append(name: "X-Trail", value: tag)
      var response = await next(request)
      response.fields.append(name: "X-Out", value: "\(tag):\(route.pattern ?? "none")")
      return response
    }
  }

  private func router() -> HTTPRouter {
    var router = HTTPRouter()
    router.use(Tagging(tag: "outer"))
    router.use(Tagging(tag: "inner"))
    router.add(.get, "/items/:id", bodyLimit: 10) { request, parameters in
      .text(
        request.fields.fields(named: "X-Trail").map(\.value).joined(separator: ",") + "|"
          + (parameters["id"] ?? "-"))
    }
    return router
  }

  private func request(_ method: HTTPRequestMethod, _ target: String) -> HTTPServerRequest {
    HTTPServerRequest(
      head: HTTPRequestHead(
        method: method, target: target, version: .http11, fields: HTTPFields([("Host", "a")])))
  }

  @Test func runsMiddlewareInTheOrderAddedWithTheRoutePattern() async {
    let response = await router().respond(to: request(.get, "/items/9"))
    guard case .bytes(let body) = response.body else {
      Issue.record("expected a body")
      return
    }
    #expect(String(decoding: body, as: UTF8.self) == "outer,inner|9")
    #expect(
      response.fields.fields(named: "X-Out").map(\.value) == [
        "inner:/items/:id", "outer:/items/:id",
      ])
  }

  @Test func runsMiddlewareForUnmatchedRequestsWithoutAPattern() async {
    let response = await router().respond(to: request(.get, "/elsewhere"))
    #expect(response.status.code == 404)
    #expect(response.fields.fields(named: "X-Out").map(\.value) == ["inner:none", "outer:none"])
  }

  @Test func reportsTheBodyLimitOfTheRouteARequestWouldReach() {
    #expect(router().bodyLimit(method: .get, path: "/items/3") == 10)
    #expect(router().bodyLimit(method: .head, path: "/items/3") == 10)
    #expect(router().bodyLimit(method: .post, path: "/items/3") == nil)
    #expect(router().bodyLimit(method: .get, path: "/other") == nil)
  }
}

/// The router walks an ASCII path's segments in place; these pin that the walk splits as
/// `split(separator: "/")` does (empty segments dropped) and that other paths still match.
@Suite struct HTTPRouterPathWalkTests {
  private func router() -> HTTPRouter {
    var router = HTTPRouter()
    router.add(.get, "/v1/items/:id", bodyLimit: 5) { _, parameters in
      .text("item \(parameters["id"] ?? "-")")
    }
    router.add(.get, "/café/:name", bodyLimit: 7) { _, parameters in
      .text("café \(parameters["name"] ?? "-")")
    }
    return router
  }

  @Test func ignoresRepeatedLeadingAndTrailingSlashesLikeASplit() {
    #expect(router().bodyLimit(method: .get, path: "//v1///items/3/") == 5)
    #expect(router().bodyLimit(method: .get, path: "/v1/items") == nil)
    #expect(router().bodyLimit(method: .get, path: "/v1/items/3/4") == nil)
    #expect(router().bodyLimit(method: .get, path: "/v1/item/3") == nil)
    #expect(router().bodyLimit(method: .get, path: "") == nil)
  }

  @Test func matchesANonASCIIPathByCharacters() async {
    #expect(router().bodyLimit(method: .get, path: "/café/x") == 7)
    #expect(router().bodyLimit(method: .get, path: "/cafe\u{301}/x") == 7)
    let response = await router().respond(
      to: HTTPServerRequest(
        head: HTTPRequestHead(
          method: .get, target: "/café/é?q=1", version: .http11, fields: HTTPFields())))
    guard case .bytes(let bytes) = response.body else {
      Issue.record("expected a whole body")
      return
    }
    #expect(String(decoding: bytes, as: UTF8.self) == "café é")
  }

  @Test func takesThePathAndQueryOfAnOriginFormTargetByBytes() {
    let head = HTTPRequestHead(
      method: .get, target: "/v1/items/3?x=1&y=?", version: .http11, fields: HTTPFields())
    #expect(head.path == "/v1/items/3")
    #expect(head.query == "x=1&y=?")
    let plain = HTTPRequestHead(
      method: .get, target: "/health", version: .http11, fields: HTTPFields())
    #expect(plain.path == "/health")
    #expect(plain.query == nil)
  }
}
