import Core
import Foundation
import HTTPServer
import Networking
import Synchronization
import TestSupport
import Testing

@testable import kiln_server

/// The proxy's upstream client (decision 208): streams to a numeric plain-HTTP upstream go
/// out on the event loop; everything else goes to the libcurl client, and both answer in
/// `HTTPClient`'s terms.
@Suite struct LoopUpstreamHTTPClientTests {
  /// A client that counts what reaches it and sends it on with libcurl.
  final class CountingClient: HTTPClient {
    let base = URLSessionHTTPClient(baseURL: nil, clock: .live)
    let calls = Mutex(0)

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      calls.withLock { $0 += 1 }
      return try await base.send(request)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
      calls.withLock { $0 += 1 }
      return try await base.stream(request)
    }
  }

  static func streamRequest(_ url: URL) -> HTTPRequest {
    HTTPRequest(url: url, method: .post, body: Data(#"{"stream":true}"#.utf8))
      .withHeader("Authorization", "Bearer sk-upstream")
      .withHeader("Accept", "text/event-stream")
  }

  /// The text of what `client` made of streaming `request`: the status and body, or the
  /// error.
  @Sendable static func outcome(
    _ client: LoopUpstreamHTTPClient, _ request: HTTPRequest
  ) async
    -> String
  {
    do {
      let response = try await client.stream(request)
      let body = try await response.body.collect()
      return "\(response.statusCode) \(String(decoding: body, as: UTF8.self))"
    } catch let HTTPError.status(response, retryAfter) {
      let body = String(decoding: response.data, as: UTF8.self)
      return "status \(response.statusCode) after \(retryAfter ?? -1): \(body)"
    } catch let HTTPError.transport(code, _) {
      return "transport \(code)"
    } catch {
      return "\(error)"
    }
  }

  /// Runs `work` in a route on the server's event loop and returns its answer.
  static func onTheLoop(_ work: @escaping @Sendable () async -> String) async throws -> String {
    var router = HTTPRouter()
    router.add(.get, "/work", onEventLoop: true) { _, _ in .text(await work()) }
    let server = HTTPServer(
      configuration: HTTPServerConfiguration(eventLoopCount: 1), router: router)
    let port = try server.start()
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/work"))
    let response = try await URLSessionHTTPClient(baseURL: nil, clock: .live).send(
      HTTPRequest(url: url))
    await server.shutdown(deadline: .milliseconds(100))
    return String(decoding: response.data, as: UTF8.self)
  }

  @Test func aStreamToANumericHTTPUpstreamGoesOutOnTheLoopAndNowhereElse() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    for _ in 0..<2 {
      upstream.enqueue(
        .eventStream([.text("data: a\n\n"), .text("data: b\n\n")]), method: .post,
        path: "/v1/chat/completions")
    }
    let fallback = CountingClient()
    let client = LoopUpstreamHTTPClient(
      baseURL: upstream.url("/v1"), fallback: fallback, now: { Date() })
    let request = Self.streamRequest(upstream.url("/v1/chat/completions"))
    let onLoop = try await Self.onTheLoop { await Self.outcome(client, request) }
    #expect(onLoop == "200 data: a\n\ndata: b\n\n")
    #expect(fallback.calls.withLock { $0 } == 0)
    #expect(upstream.requests.first?.headers["Authorization"] == "Bearer sk-upstream")
    // Off the loop (this test's own task), the same request goes through the fallback.
    #expect(await Self.outcome(client, request) == "200 data: a\n\ndata: b\n\n")
    #expect(fallback.calls.withLock { $0 } == 1)
  }

  @Test func eachRequestGoesToItsOwnPathWhicheverCameBefore() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    let other = try LoopbackHTTPServer()
    defer { other.stop() }
    upstream.enqueue(
      .eventStream([.text("data: 1\n\n")]), method: .post, path: "/v1/chat/completions")
    upstream.enqueue(.eventStream([.text("data: 2\n\n")]), method: .post, path: "/v1/other")
    other.enqueue(.eventStream([.text("data: 3\n\n")]), method: .post, path: "/v1/chat/completions")
    upstream.enqueue(
      .eventStream([.text("data: 4\n\n")]), method: .post, path: "/v1/chat/completions")
    let fallback = CountingClient()
    let client = LoopUpstreamHTTPClient(
      baseURL: upstream.url("/v1"), fallback: fallback, now: { Date() })
    let requests = [
      upstream.url("/v1/chat/completions"), upstream.url("/v1/other"),
      other.url("/v1/chat/completions"), upstream.url("/v1/chat/completions"),
    ].map(Self.streamRequest)
    let answers = try await Self.onTheLoop {
      var answers: [String] = []
      for request in requests { answers.append(await Self.outcome(client, request)) }
      return answers.joined(separator: "|")
    }
    #expect(answers == (1...4).map { "200 data: \($0)\n\n" }.joined(separator: "|"))
    // Only the request for another origin went through the fallback.
    #expect(fallback.calls.withLock { $0 } == 1)
  }

  @Test func aRefusalKeepsItsStatusBodyAndRetryAfterAndTheConnectionIsKept() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    upstream.enqueue(
      LoopbackResponse(
        status: 429, headers: ["Retry-After": "7", "Content-Type": "application/json"],
        body: .bytes(Data(#"{"error":"busy"}"#.utf8))),
      .eventStream([.text("data: ok\n\n")]))
    let client = LoopUpstreamHTTPClient(
      baseURL: upstream.url("/v1"), fallback: CountingClient(), now: { Date() })
    let request = Self.streamRequest(upstream.url("/v1/chat/completions"))
    let answers = try await Self.onTheLoop {
      await Self.outcome(client, request) + " | " + Self.outcome(client, request)
    }
    #expect(answers == #"status 429 after 7.0: {"error":"busy"} | 200 data: ok"# + "\n\n")
    #expect(upstream.connectionCount == 1)
  }

  @Test func aRefusalWhoseBodyIsCutShortIsStillARefusal() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    upstream.enqueue(
      LoopbackResponse(
        status: 429, headers: ["Retry-After": "30"],
        body: .streamed(contentLength: 100, [.text("half"), .dropConnection])))
    let fallback = CountingClient()
    let client = LoopUpstreamHTTPClient(
      baseURL: upstream.url("/v1"), fallback: fallback, now: { Date() })
    let request = Self.streamRequest(upstream.url("/v1/chat/completions"))
    let answer = try await Self.onTheLoop { await Self.outcome(client, request) }
    #expect(answer == "status 429 after 30.0: half")
    #expect(fallback.calls.withLock { $0 } == 0)
  }

  @Test func aRedirectIsFollowedThroughTheFallbackWithoutSendingTheRequestTwice() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    upstream.enqueue(
      .status(307, headers: ["Location": "/v1/elsewhere"]), method: .post,
      path: "/v1/chat/completions")
    upstream.enqueue(.eventStream([.text("data: moved\n\n")]), method: .post, path: "/v1/elsewhere")
    let fallback = CountingClient()
    let client = LoopUpstreamHTTPClient(
      baseURL: upstream.url("/v1"), fallback: fallback, now: { Date() })
    let request = Self.streamRequest(upstream.url("/v1/chat/completions"))
    let answer = try await Self.onTheLoop { await Self.outcome(client, request) }
    #expect(answer == "200 data: moved\n\n")
    #expect(fallback.calls.withLock { $0 } == 1)
    #expect(upstream.requests.map(\.path) == ["/v1/chat/completions", "/v1/elsewhere"])
    #expect(upstream.requests.last?.bodyText == #"{"stream":true}"#)
    #expect(upstream.requests.last?.headers["Authorization"] == "Bearer sk-upstream")
  }

  @Test func aRedirectIsMadeAsLibcurlMakesIt() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8000/v1/chat/completions"))
    let request = Self.streamRequest(url).withHeader("Content-Type", "application/json")
    let seeOther = try #require(
      LoopUpstreamHTTPClient.redirect(
        request, from: url, status: 303, headers: ["Location": "/v1/result"]))
    #expect(seeOther.method == .get)
    #expect(seeOther.body == nil)
    #expect(seeOther.headers["Content-Type"] == nil)
    #expect(
      try seeOther.resolvedURL(baseURL: nil).absoluteString == "http://127.0.0.1:8000/v1/result")
    let elsewhere = try #require(
      LoopUpstreamHTTPClient.redirect(
        request, from: url, status: 308, headers: ["Location": "https://other.example/v1/x"]))
    #expect(elsewhere.method == .post)
    #expect(elsewhere.body == request.body)
    // The provider key never follows a redirect to another host, port or scheme.
    #expect(elsewhere.headers["Authorization"] == nil)
    for location in [
      "http://127.0.0.1:9999/x", "https://127.0.0.1:8000/x", "http://localhost:8000/x",
    ] {
      let moved = LoopUpstreamHTTPClient.redirect(
        request, from: url, status: 307, headers: ["Location": location])
      #expect(moved?.headers["Authorization"] == nil, "\(location)")
    }
    let samePlace = LoopUpstreamHTTPClient.redirect(
      request, from: url, status: 307, headers: ["Location": "http://127.0.0.1:8000/v2/x"])
    #expect(samePlace?.headers["Authorization"] == "Bearer sk-upstream")
    #expect(
      LoopUpstreamHTTPClient.redirect(request, from: url, status: 307, headers: HTTPHeaders())
        == nil)
    #expect(
      LoopUpstreamHTTPClient.redirect(
        request, from: url, status: 300, headers: ["Location": "/v1/a"]) == nil)
    #expect(
      LoopUpstreamHTTPClient.redirect(
        request, from: url, status: 302, headers: ["Location": "ftp://host/x"]) == nil)
  }

  @Test func aCancelledTaskSendsNothing() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    let fallback = CountingClient()
    let client = LoopUpstreamHTTPClient(
      baseURL: upstream.url("/v1"), fallback: fallback, now: { Date() })
    let request = Self.streamRequest(upstream.url("/v1/chat/completions"))
    let answer = try await Self.onTheLoop {
      await withTaskGroup(of: String.self) { group in
        group.addTask {
          withUnsafeCurrentTask { $0?.cancel() }
          return await Self.outcome(client, request)
        }
        return await group.next() ?? "none"
      }
    }
    #expect(answer == "\(HTTPError.cancelled)")
    #expect(upstream.requests.isEmpty)
    #expect(fallback.calls.withLock { $0 } == 0)
  }

  @Test func failuresCarryTheTransportCodesTheProxyJudgesRetriesBy() async throws {
    let closed = try ClosedLoopbackPort()
    let base = try #require(URL(string: "http://127.0.0.1:\(closed.number)/v1"))
    let client = LoopUpstreamHTTPClient(baseURL: base, fallback: CountingClient(), now: { Date() })
    let request = Self.streamRequest(base.appendingPathComponent("chat/completions"))
    let refused = try await Self.onTheLoop { await Self.outcome(client, request) }
    #expect(refused == "transport \(URLErrorCode.cannotConnectToHost)")
    // A silent upstream and one that hangs up without answering, through the loop.
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    upstream.enqueue(.stall(), .dropConnection())
    let fallback = CountingClient()
    let loopClient = LoopUpstreamHTTPClient(
      baseURL: upstream.url("/v1"), fallback: fallback, now: { Date() })
    let slow = Self.streamRequest(upstream.url("/v1/chat/completions"))
      .withTimeouts(HTTPTimeouts(connect: 0.3, idle: 5))
    let answers = try await Self.onTheLoop {
      await Self.outcome(loopClient, slow) + " | " + Self.outcome(loopClient, slow)
    }
    #expect(
      answers
        == "transport \(URLErrorCode.timedOut) | transport \(URLErrorCode.networkConnectionLost)")
    #expect(fallback.calls.withLock { $0 } == 0)
  }

  @Test func upstreamsTheLoopsCannotReachGoToTheFallback() throws {
    for base in [
      "https://127.0.0.1:8443/v1", "http://model-server.internal:8000/v1",
      "https://openrouter.ai/api/v1",
    ] {
      let client = LoopUpstreamHTTPClient(
        baseURL: URL(string: base), fallback: CountingClient(), now: { Date() })
      #expect(client.loopClient == nil, "\(base)")
    }
    let local = LoopUpstreamHTTPClient(
      baseURL: URL(string: "http://localhost:8000/v1"), fallback: CountingClient(),
      now: { Date() })
    #expect(local.loopClient?.origin.description == "localhost:8000")
    let noPort = LoopUpstreamHTTPClient(
      baseURL: URL(string: "http://10.0.0.5/v1"), fallback: CountingClient(), now: { Date() })
    #expect(noPort.loopClient?.origin.port == 80)
  }
}
