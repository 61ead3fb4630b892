import Core
import Foundation
import Networking
import TestSupport
import Testing

@Suite struct URLSessionHTTPClientTests {
  @Test func sendsAGetWithDefaultHeadersAndReturnsTheWholeResponse() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/v1/models", .json(#"{"data":[]}"#).header("X-Request-ID", "req-7"))
    let response = try await makeClient(server).send(HTTPRequest(path: "/v1/models"))
    #expect(response.statusCode == 200)
    #expect(response.text == #"{"data":[]}"#)
    #expect(response.requestID == "req-7")
    #expect(response.headers["content-type"] == "application/json")
    let received = try #require(server.requests.first)
    #expect(received.method == "GET")
    #expect(received.headers["Accept"] == "application/json")
  }

  @Test func postsAJSONBodyWithQueryAndHeaders() async throws {
    struct Message: Codable, Equatable { var role: String; var content: String }
    let server = try makeServer()
    defer { server.stop() }
    server.route(.post, "/chat", .status(201))
    let request = try HTTPRequest(path: "/chat?mode=fast", method: .post)
      .withQuery("email", "a+b@example.com")
      .withHeader("Accept", "text/event-stream")
      .withJSONBody(Message(role: "user", content: "Hello, ünïcode"))
    let response = try await makeClient(server).send(request)
    #expect(response.statusCode == 201)
    let received = try #require(server.requests.first)
    #expect(received.queryValue("mode") == "fast")
    #expect(received.queryValue("email") == "a+b@example.com")
    #expect(received.headers["accept"] == "text/event-stream")
    #expect(received.headers["Content-Type"] == "application/json")
    #expect(
      try received.decodeBody(Message.self) == Message(role: "user", content: "Hello, ünïcode"))
  }

  @Test func aLargeUploadArrivesIntact() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.put, "/blob", .status(204))
    let payload = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    _ = try await makeClient(server).send(
      HTTPRequest(path: "/blob", method: .put).withBody(
        payload, contentType: "application/octet-stream"))
    #expect(server.requests.first?.body == payload)
  }

  @Test func anAbsoluteURLGoesThereInsteadOfTheBaseURL() async throws {
    let api = try makeServer()
    let auth = try makeServer()
    defer {
      api.stop()
      auth.stop()
    }
    auth.route(.post, "/auth/v1/token", .json("{}"))
    let request = HTTPRequest(url: auth.url("/auth/v1/token?grant_type=password"), method: .post)
    _ = try await makeClient(api).send(request)
    #expect(api.requests.isEmpty)
    #expect(auth.requests.first?.queryValue("grant_type") == "password")
  }

  @Test func sequentialRequestsReuseOneConnection() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(nil, "/ping", .text("pong"))
    let client = makeClient(server)
    for _ in 0..<3 {
      #expect(try await client.send(HTTPRequest(path: "/ping")).text == "pong")
    }
    #expect(server.requests.count == 3)
    #expect(server.connectionCount == 1)
  }

  @Test func concurrentRequestsAllSucceed() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/echo") { request in .text(request.queryValue("n") ?? "?") }
    let client = makeClient(server)
    let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for index in 0..<12 {
        group.addTask {
          (index, try await client.send(HTTPRequest(path: "/echo").withQuery("n", "\(index)")).text)
        }
      }
      return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
    }
    #expect(results == Dictionary(uniqueKeysWithValues: (0..<12).map { ($0, "\($0)") }))
  }

  @Test func anErrorStatusIsThrownWithItsWholeBodyHeadersAndServerMessage() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let body = #"{"error":{"message":"Model is overloaded","code":"overloaded"}}"#
    server.route(.post, "/chat", .json(body, status: 503).header("X-Request-ID", "r-503"))
    let error = try await #require(throws: HTTPError.self) {
      try await makeClient(server).send(HTTPRequest(path: "/chat", method: .post))
    }
    #expect(error.statusCode == 503)
    #expect(error.body == Data(body.utf8))
    #expect(error.response?.requestID == "r-503")
    #expect(error.serverError?.code == "overloaded")
    #expect(AppError.from(error) == .network(code: 503, message: "Model is overloaded"))
    #expect(server.requests.count == 1)
  }

  @Test func unauthorizedMapsToUnauthorized() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/me", .json(#"{"msg":"JWT expired"}"#, status: 401))
    let error = try await #require(throws: HTTPError.self) {
      try await makeClient(server).send(HTTPRequest(path: "/me"))
    }
    #expect(error.appError == .unauthorized)
    #expect(error.serverError?.message == "JWT expired")
  }

  @Test func aRefusedConnectionIsATransportFailure() async throws {
    let server = try makeServer()
    let url = server.url("/gone")
    server.stop()
    let client = URLSessionHTTPClient(baseURL: nil, clock: .fixed(Fixture.referenceDate))
    let error = try await #require(throws: HTTPError.self) {
      try await client.send(HTTPRequest(url: url))
    }
    guard case .transport(let code, _) = error else {
      Issue.record("expected a transport failure, got \(error)")
      return
    }
    #expect(code == URLErrorCode.cannotConnectToHost)
  }

  @Test func aConnectionClosedWithoutAResponseIsATransportFailure() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/drop", .dropConnection())
    let error = try await #require(throws: HTTPError.self) {
      try await makeClient(server).send(HTTPRequest(path: "/drop"))
    }
    guard case .transport = error else {
      Issue.record("expected a transport failure, got \(error)")
      return
    }
  }

  @Test func cancellingTheCallerCancelsTheRequest() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/slow", .stall())
    let client = makeClient(server)
    let task = Task { try await client.send(HTTPRequest(path: "/slow")) }
    try await server.waitForRequests(1)
    task.cancel()
    let result = await task.result
    #expect(throws: HTTPError.cancelled) { try result.get() }
    let exchange = try await server.waitForExchange(0)
    #expect(exchange.outcome == .clientClosed)
  }

  @Test func aCancelledTaskSendsNothing() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let client = makeClient(server)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await client.send(HTTPRequest(path: "/never"))
    }
    await #expect(throws: HTTPError.cancelled) { try await task.value }
    #expect(server.requests.isEmpty)
  }
}
