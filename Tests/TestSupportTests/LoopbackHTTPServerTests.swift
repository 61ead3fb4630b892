import Foundation
import Networking
import TestSupport
import Testing

@Suite struct LoopbackHTTPServerTests {
  func makeServer(_ reports: Reports? = nil) throws -> LoopbackHTTPServer {
    if let reports { return try LoopbackHTTPServer(reportIssue: reports.reporter) }
    return try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
  }

  @Test func listensOnLoopbackWithAnEphemeralPort() throws {
    let server = try makeServer()
    defer { server.stop() }
    #expect(server.port > 0)
    #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
    #expect(server.url("v1/x?y=1").absoluteString == "http://127.0.0.1:\(server.port)/v1/x?y=1")
  }

  @Test func sendsAFixedLengthResponseWithTheScriptedHeaders() throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/hello", .text("hello").header("X-Request-ID", "r1"))
    let connection = try RawConnection(port: server.port)
    try connection.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
    let head = try connection.read(through: "\r\n\r\n")
    #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(head.contains("Content-Length: 5\r\n"))
    #expect(head.contains("X-Request-ID: r1\r\n"))
    #expect(head.contains("Content-Type: text/plain; charset=utf-8\r\n"))
    #expect(try connection.read(count: 5) == Data("hello".utf8))
  }

  @Test func sendsChunkedBodiesWithCorrectFraming() throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/c", .chunked([.text("a"), .text(""), .text("0123456789abcdef!")]))
    let connection = try RawConnection(port: server.port)
    try connection.send("GET /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let head = try connection.read(through: "\r\n\r\n")
    #expect(head.contains("Transfer-Encoding: chunked\r\n"))
    #expect(!head.contains("Content-Length"))
    #expect(try connection.readToEnd() == "1\r\na\r\n11\r\n0123456789abcdef!\r\n0\r\n\r\n")
  }

  @Test func recordsEveryPartOfARequest() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.post, "/v1/items", .status(201))
    let connection = try RawConnection(port: server.port)
    try connection.send(
      "POST /v1/items?a=1&email=a%2Bb%40x.test&flag HTTP/1.1\r\nHost: x\r\nX-Custom:  spaced  \r\n"
        + "Content-Type:application/json\r\nContent-Length: 9\r\n\r\n{\"k\":\"v\"}")
    _ = try connection.read(through: "\r\n\r\n")
    let request = try #require(try await server.waitForRequests(1).first)
    #expect(request.index == 0)
    #expect(request.connectionID == 0)
    #expect(request.method == "POST")
    #expect(request.path == "/v1/items")
    #expect(request.query == "a=1&email=a%2Bb%40x.test&flag")
    #expect(request.queryValue("email") == "a+b@x.test")
    #expect(request.queryItems.last == URLQueryItem(name: "flag", value: nil))
    #expect(request.headers["x-custom"] == "spaced")
    #expect(request.headers["content-type"] == "application/json")
    #expect(request.bodyText == #"{"k":"v"}"#)
    #expect(try request.decodeBody([String: String].self) == ["k": "v"])
    #expect(request.version == "HTTP/1.1")
  }

  @Test func decodesChunkedRequestBodies() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.put, "/upload", .status(204))
    let connection = try RawConnection(port: server.port)
    try connection.send("PUT /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
    try connection.send("5;ext=1\r\nhello\r\n")
    try connection.send("6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n")
    #expect(try connection.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 204 No Content"))
    #expect(try await server.waitForRequests(1).first?.bodyText == "hello world")
  }

  @Test func answersExpectContinueBeforeReadingTheBody() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.post, "/big", .text("got it"))
    let connection = try RawConnection(port: server.port)
    try connection.send(
      "POST /big HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
    #expect(try connection.read(through: "\r\n\r\n") == "HTTP/1.1 100 Continue\r\n\r\n")
    try connection.send("body")
    #expect(try connection.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 200 OK"))
    #expect(try await server.waitForRequests(1).first?.bodyText == "body")
  }

  @Test func keepsTheConnectionAliveForSeveralRequests() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/n") { request in .text("\(request.index)") }
    let connection = try RawConnection(port: server.port)
    for index in 0..<3 {
      try connection.send("GET /n HTTP/1.1\r\nHost: x\r\n\r\n")
      _ = try connection.read(through: "\r\n\r\n")
      #expect(try connection.read(count: 1) == Data("\(index)".utf8))
    }
    #expect(server.connectionCount == 1)
    #expect(server.requests.map(\.connectionID) == [0, 0, 0])
  }

  @Test func closesTheConnectionWhenTheClientOrTheScriptAsks() throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/bye", .text("bye"))
    server.route(.get, "/last", .text("last").closingConnection())
    let first = try RawConnection(port: server.port)
    try first.send("GET /bye HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(try first.readToEnd().hasSuffix("\r\n\r\nbye"))
    let second = try RawConnection(port: server.port)
    try second.send("GET /last HTTP/1.1\r\nHost: x\r\n\r\n")
    let text = try second.readToEnd()
    #expect(text.contains("Connection: close\r\n"))
    #expect(text.hasSuffix("last"))
  }

  @Test func aHeadRequestGetsHeadersOnly() throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.head, "/doc", .text("twelve bytes"))
    let connection = try RawConnection(port: server.port)
    try connection.send("HEAD /doc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let text = try connection.readToEnd()
    #expect(text.contains("Content-Length: 12\r\n"))
    #expect(text.hasSuffix("\r\n\r\n"))
  }

  @Test func pathQueuesBeatRoutesWhichBeatTheGeneralQueue() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.text("general-1"), .text("general-2"))
    server.route(.get, "/r", .text("route"))
    server.enqueue(.text("queued-for-r"), method: .get, path: "/r")
    let client = URLSessionHTTPClient(
      baseURL: server.baseURL, clock: .fixed(Date(timeIntervalSince1970: 0)))
    #expect(try await client.send(HTTPRequest(path: "/r")).text == "queued-for-r")
    #expect(try await client.send(HTTPRequest(path: "/r")).text == "route")
    #expect(try await client.send(HTTPRequest(path: "/other")).text == "general-1")
    #expect(server.pendingResponseCount == 1)
    #expect(try await client.send(HTTPRequest(path: "/r", method: .post)).text == "general-2")
    #expect(server.pendingResponseCount == 0)
  }

  @Test func aLaterRouteReplacesAnEarlierOne() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(nil, "/x", .text("old"))
    server.route(nil, "/x", .text("new"))
    let client = URLSessionHTTPClient(
      baseURL: server.baseURL, clock: .fixed(Date(timeIntervalSince1970: 0)))
    #expect(try await client.send(HTTPRequest(path: "/x", method: .delete)).text == "new")
  }

  @Test func anUnexpectedRequestIsReportedAndAnswered404() async throws {
    let reports = Reports()
    let server = try makeServer(reports)
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    try connection.send("GET /nothing?x=1 HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try connection.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 404 Not Found"))
    #expect(server.unexpectedRequests.map(\.path) == ["/nothing"])
    server.stop()
    #expect(reports.all == ["LoopbackHTTPServer: no response scripted for #0 GET /nothing?x=1"])
  }

  @Test func aMalformedRequestIsReportedAndAnswered400() throws {
    let reports = Reports()
    let server = try makeServer(reports)
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    try connection.send("NONSENSE\r\n\r\n")
    #expect(try connection.readToEnd().hasPrefix("HTTP/1.1 400 Bad Request"))
    server.stop()
    #expect(reports.all.count == 1)
    #expect(reports.all.first?.contains("malformed request") == true)
  }
}
