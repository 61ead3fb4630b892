import Core
import Foundation
import Networking
import TestSupport
import Testing

/// Streams read the network only as fast as their body is consumed: a reader that stops
/// stops the sender, instead of the client buffering whatever the server pushes.
@Suite struct FlowControlTests {
  @Test func aReaderThatStopsReadingStopsTheSender() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let total = 256 << 20
    server.route(.get, "/firehose", .generated(byteCount: total, chunked: true))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/firehose"))
    var iterator = response.body.makeAsyncIterator()
    let first = try await iterator.next()
    #expect(first?.isEmpty == false)

    // Without flow control a loopback client takes 256 MiB in well under a second; paced,
    // the server is stuck once the socket buffers and the 64 KiB read-ahead are full.
    try await Task.sleep(for: .milliseconds(700))
    #expect(server.exchanges.isEmpty)

    response.body.cancel()
    let exchange = try await server.waitForExchange(0)
    #expect(exchange.outcome == .clientClosed)
    #expect(exchange.bodyBytesSent < 64 << 20)
  }

  @Test func aPacedStreamStillDeliversEveryByteOfABodyLargerThanTheReadAhead() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let pattern = Data((0..<241).map { UInt8($0) })
    let total = 5 << 20
    server.route(.get, "/big", .generated(byteCount: total, pattern: pattern, chunkSize: 4096))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/big"))
    var offset = 0
    var mismatches = 0
    var pauses = 0
    for try await chunk in response.body {
      for (index, byte) in chunk.enumerated() where byte != pattern[(offset + index) % 241] {
        mismatches += 1
      }
      offset += chunk.count
      // Stop now and then, long enough for the read-ahead to fill and the sender to wait.
      if pauses < 5 && offset > pauses * (1 << 20) {
        pauses += 1
        try await Task.sleep(for: .milliseconds(30))
      }
    }
    #expect(offset == total)
    #expect(mismatches == 0)
    #expect(try await server.waitForExchange(0).outcome == .completed)
  }

  @Test func requestMethodHeadersAndBodyReachTheServerUnchanged() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.put, "/items/7", .eventStream([.text("data: ok\n\n")]))
    let body = Data(#"{"name":"Zoë","tags":["a","b"]}"#.utf8)
    var request = HTTPRequest(path: "/items/7", method: .put)
    request.headers = ["Content-Type": "application/json", "X-Trace": "abc 123"]
    request.body = body
    let response = try await makeClient(server).stream(request)
    #expect(try await response.body.collect().text == "data: ok\n\n")
    let received = try #require(server.requests.first)
    #expect(received.method == "PUT")
    #expect(received.body == body)
    #expect(received.headers["Content-Type"] == "application/json")
    #expect(received.headers["X-Trace"] == "abc 123")
    #expect(received.headers["Expect"] == nil)
  }

  @Test func aBodylessPostSendsNoFormContentType() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.post, "/ping", .eventStream([.text("data: pong\n\n")]))
    var request = HTTPRequest(path: "/ping", method: .post)
    request.body = Data()
    let response = try await makeClient(server).stream(request)
    _ = try await response.body.collect()
    let received = try #require(server.requests.first)
    #expect(received.method == "POST")
    #expect(received.headers["Content-Type"] == nil)
    #expect(received.headers["Content-Length"] == "0")
  }

  @Test func aBodylessDeleteIsFramedAndEmptyHeaderValuesAreSent() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.delete, "/items/7", .eventStream([.text("data: gone\n\n")]))
    var request = HTTPRequest(path: "/items/7", method: .delete)
    request.headers = ["X-Empty": ""]
    _ = try await makeClient(server).stream(request).body.collect()
    let received = try #require(server.requests.first)
    #expect(received.method == "DELETE")
    #expect(received.headers["Content-Length"] == "0")
    #expect(received.headers.contains("X-Empty"))
    #expect(received.headers["X-Empty"] == "")
    #expect(received.headers["Content-Type"] == nil)
    // Compressed answers are offered and decoded, as URLSession does.
    #expect(received.headers["Accept-Encoding"]?.contains("gzip") == true)
  }

  @Test func redirectsAreFollowedAndTheResponseNamesTheFinalURL() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(
      .post, "/old",
      LoopbackResponse(
        status: 307, headers: ["Location": "/new"], body: .bytes(Data("moved".utf8))))
    server.route(.post, "/new", .eventStream([.text("data: here\n\n")]))
    let body = Data(#"{"q":1}"#.utf8)
    var request = HTTPRequest(path: "/old", method: .post, body: body)
    request.headers = ["Content-Type": "application/json"]
    let response = try await makeClient(server).stream(request)
    #expect(response.url?.path == "/new")
    #expect(try await response.body.collect().text == "data: here\n\n")
    #expect(server.requests.map(\.path) == ["/old", "/new"])
    // A 307 repeats the method and the body.
    #expect(server.requests.last?.method == "POST")
    #expect(server.requests.last?.body == body)
  }

  @Test func anErrorAnswerCutShortIsStillReportedWithItsStatusAndRetryAfter() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(
      .post, "/busy",
      .chunked(
        [.text(#"{"error":{"message":"over"#), .dropConnection], status: 503,
        headers: ["Retry-After": "30"]))
    let error = try await #require(throws: HTTPError.self) {
      _ = try await makeClient(server).stream(HTTPRequest(path: "/busy", method: .post))
    }
    guard case .status(let response, let retryAfter) = error else {
      Issue.record("expected a status error, got \(error)")
      return
    }
    #expect(response.statusCode == 503)
    #expect(retryAfter == 30)
    #expect(response.text == #"{"error":{"message":"over"#)
  }

  @Test func aBodyEndedByClosingTheConnectionArrivesWhole() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(
      .get, "/old-style",
      LoopbackResponse(
        headers: ["Content-Type": "text/event-stream"],
        body: .streamed(contentLength: nil, [.text("data: 1\n\n"), .text("data: 2\n\n")]),
        closesConnection: true))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/old-style"))
    #expect(try await response.body.collect().text == "data: 1\n\ndata: 2\n\n")
  }

  @Test func anAnswerThatIsNotHTTPIsABadServerResponse() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(
      .get, "/garbage",
      LoopbackResponse(beforeHead: [.text("SSH-2.0-OpenSSH_9.2\r\n"), .dropConnection]))
    let error = try await #require(throws: HTTPError.self) {
      _ = try await makeClient(server).stream(HTTPRequest(path: "/garbage"))
    }
    #expect(transportCode(of: error) == URLErrorCode.badServerResponse)
  }

  @Test func aNoContentAnswerIsAnEmptyStream() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.post, "/quiet", .status(204))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/quiet", method: .post))
    #expect(response.statusCode == 204)
    #expect(try await response.body.collect().isEmpty)
  }

  @Test func anUnreachablePortFailsAsCannotConnect() async throws {
    let server = try makeServer()
    let url = server.url("/gone")
    server.stop()
    let error = try await #require(throws: HTTPError.self) {
      _ = try await makeClient(server).stream(HTTPRequest(url: url))
    }
    #expect(transportCode(of: error) == URLErrorCode.cannotConnectToHost)
  }

  @Test func aStreamThroughURLSessionIsStillAvailable() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/events", .eventStream([.text("data: 1\n\n"), .text("data: 2\n\n")]))
    let client = URLSessionHTTPClient(
      baseURL: server.baseURL,
      configuration: HTTPClientConfiguration(flowControlledStreams: false),
      clock: .fixed(Fixture.referenceDate))
    let response = try await client.stream(HTTPRequest(path: "/events"))
    #expect(try await response.body.collect().text == "data: 1\n\ndata: 2\n\n")
  }

  /// The transport code of `error`; records an issue when it is another kind of failure.
  private func transportCode(of error: HTTPError) -> Int? {
    guard case .transport(let code, _) = error else {
      Issue.record("expected a transport error, got \(error)")
      return nil
    }
    return code
  }
}
