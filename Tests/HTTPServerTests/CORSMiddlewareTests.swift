import HTTPServer
import Testing

/// `CORS_ORIGINS` over a real loopback socket (decision 25): preflights on every path are
/// answered for allowed origins only, and answers carry CORS fields only for them.
@Suite struct CORSMiddlewareTests {
  static let app = "https://app.example.com"

  static func router(_ origins: String) throws -> HTTPRouter {
    var router = HTTPRouter()
    router.use(CORSMiddleware(policy: try CORSPolicy(parsing: origins)))
    router.add(.post, "/v1/chat/completions") { _, _ in
      var response = HTTPServerResponse.text("{}")
      response.fields.append(name: "X-Free-Messages-Remaining", value: "3")
      return response
    }
    router.add(.get, "/health", synchronousHandler: { _, _ in .text("ok") })
    return router
  }

  /// Sends `head` (without the final empty line) to a server allowing `origins`.
  static func exchange(
    _ head: String, origins: String = "\(app), http://localhost:3000",
    _ check: @Sendable (SocketClient.Response) -> Void
  ) async throws {
    try await ObservationFixtures.withServer(
      router: try router(origins), metrics: HTTPServerMetrics()
    ) { _, port in
      let client = try SocketClient(port: port)
      try client.send(head + "\r\n")
      check(try client.readResponse())
    }
  }

  static func corsFields(_ response: SocketClient.Response) -> [String] {
    response.fields.map { $0.0.lowercased() }.filter { $0.hasPrefix("access-control-") }
  }

  static func preflight(
    origin: String, path: String = "/v1/chat/completions", method: String = "POST",
    headers: String = "authorization, apikey, content-type, x-client-info"
  ) -> String {
    "OPTIONS \(path) HTTP/1.1\r\nHost: a\r\nOrigin: \(origin)\r\n"
      + "Access-Control-Request-Method: \(method)\r\n"
      + "Access-Control-Request-Headers: \(headers)\r\n"
  }

  @Test(arguments: ["/v1/chat/completions", "/health", "/auth/v1/token"])
  func answersAnAllowedOriginsPreflightOnEveryPath(path: String) async throws {
    let headers =
      "authorization, apikey, content-type, x-client-info, x-supabase-api-version, "
      + "accept-profile, content-profile, prefer, range, x-stainless-os"
    try await Self.exchange(Self.preflight(origin: Self.app, path: path, headers: headers)) {
      #expect($0.status == 204)
      #expect($0.field("Access-Control-Allow-Origin") == Self.app)
      let methods = $0.field("Access-Control-Allow-Methods") ?? ""
      #expect(["GET", "POST", "PUT", "PATCH", "DELETE"].allSatisfy(methods.contains))
      #expect($0.field("Access-Control-Allow-Headers") == headers)
      #expect($0.field("Access-Control-Max-Age") == "7200")
      #expect($0.field("Vary")?.contains("Origin") == true)
      #expect($0.field("Access-Control-Allow-Credentials") == nil)
    }
  }

  @Test func aPreflightIsToldOnlyTheHeadersItMaySend() async throws {
    try await Self.exchange(
      Self.preflight(origin: Self.app, headers: "Authorization, X-Evil, apikey")
    ) {
      #expect($0.status == 204)
      #expect($0.field("Access-Control-Allow-Headers") == "authorization, apikey")
    }
  }

  @Test(arguments: ["https://evil.example.com", "https://app.example.com.evil.net", "null"])
  func aPreflightFromAnotherOriginIsNotAllowed(origin: String) async throws {
    try await Self.exchange(Self.preflight(origin: origin)) {
      #expect($0.status == 405, "the route's own answer to OPTIONS")
      #expect(Self.corsFields($0).isEmpty)
    }
  }

  @Test func aPreflightForAMethodNotAllowedIsNotAnswered() async throws {
    try await Self.exchange(Self.preflight(origin: Self.app, method: "TRACE")) {
      #expect($0.status == 405)
      #expect(Self.corsFields($0).isEmpty)
    }
  }

  @Test func anAllowedOriginsRequestGetsItsOriginAndTheExposedHeaders() async throws {
    let request =
      "POST /v1/chat/completions HTTP/1.1\r\nHost: a\r\nOrigin: HTTP://LOCALHOST:3000\r\n"
      + "Content-Length: 2\r\n\r\n{}"
    try await ObservationFixtures.withServer(
      router: try Self.router("\(Self.app), http://localhost:3000"), metrics: HTTPServerMetrics()
    ) { _, port in
      let client = try SocketClient(port: port)
      try client.send(request)
      let answer = try client.readResponse()
      #expect(answer.status == 200)
      #expect(answer.field("Access-Control-Allow-Origin") == "HTTP://LOCALHOST:3000")
      #expect(answer.field("Vary") == "Origin")
      let exposed = answer.field("Access-Control-Expose-Headers") ?? ""
      for name in [
        "X-Free-Messages-Remaining", "Retry-After", "X-Total-Count", "Link", "Content-Range",
        "X-Request-Id",
      ] {
        #expect(exposed.contains(name))
      }
    }
  }

  @Test func anotherOriginsRequestIsAnsweredWithoutCORSFields() async throws {
    try await Self.exchange("GET /health HTTP/1.1\r\nHost: a\r\nOrigin: https://evil.example\r\n") {
      #expect($0.status == 200)
      #expect($0.text == "ok")
      #expect(Self.corsFields($0).isEmpty)
      #expect($0.field("Vary") == "Origin")
    }
  }

  @Test func twoOriginFieldsAreNoOrigin() async throws {
    try await Self.exchange(
      "GET /health HTTP/1.1\r\nHost: a\r\nOrigin: \(Self.app)\r\nOrigin: \(Self.app)\r\n"
    ) { #expect(Self.corsFields($0).isEmpty) }
  }

  @Test func aWildcardAllowsAnyOriginAndNamesIt() async throws {
    try await Self.exchange(Self.preflight(origin: "https://anyone.example"), origins: "*") {
      #expect($0.status == 204)
      #expect($0.field("Access-Control-Allow-Origin") == "https://anyone.example")
    }
  }

  @Test(arguments: [
    "https://app.example.com", "http://localhost:3000", "*", "https://a.example, https://b.example",
    "http://[::1]:8080", "capacitor://localhost",
  ])
  func readsOriginLists(text: String) throws {
    _ = try CORSPolicy(parsing: text)
  }

  @Test(arguments: [
    "https://app.example.com/", "app.example.com", "https://app.example.com/path",
    "https://app.example.com:99999", "https://", "https://a b", ",", "",
    "https://app.example.com?x",
  ])
  func refusesWhatIsNotAnOrigin(text: String) {
    #expect(throws: CORSPolicy.ParseError.self) { try CORSPolicy(parsing: text) }
  }
}
