import Backend
import Core
import Foundation
import HTTPServer
import JOSE
import Networking
import TestSupport
import Testing

@testable import kiln_server

/// The access-log line of a proxied request (decision 134), written by the real HTTP
/// server's middleware from the note the proxy fills in: who asked, the model the upstream
/// was asked for, and the outcome; never the token, the prompt or the reply.
@Suite struct BackendAdapterAccessLogTests {
  static let secret = "access-log-tests-secret-of-at-least-32-bytes"
  static let prompt = "my-private-prompt-words"
  static let replyText = "private-reply-words"

  /// A proxy behind the real HTTP server with the access log on a captured sink.
  struct Rig {
    let upstream: LoopbackHTTPServer
    let server: HTTPServer
    let port: Int
    let sink = SignallingSink()
    let token: String

    init(freeMessageLimit: Int = 10, retryBudget: Int = 0) throws {
      upstream = try LoopbackHTTPServer()
      let clock = AppClock.fixed(Date(timeIntervalSince1970: 1_800_000_000))
      let store = InMemoryServerStore()
      let service = ProxyService(
        configuration: try ProxyConfiguration(
          modelAliases: ["fast": "openai/gpt-4o-mini"], freeMessageLimit: freeMessageLimit,
          upstream: .init(baseURL: upstream.url("/v1"), apiKey: "sk-upstream-log-key"),
          retryBudget: retryBudget),
        tokens: try JWTVerifier(hmacSecret: BackendAdapterAccessLogTests.secret, clock: clock),
        entitlements: GrantsOnlyEntitlements(store: store), store: store,
        upstream: URLSessionHTTPClient(baseURL: nil, clock: clock), clock: clock,
        sleep: { _ in try await Task.sleep(for: .seconds(3600)) },
        makeIdentifier: .incrementing(), metrics: ProxyMetrics())
      var router = HTTPRouter()
      router.use(RequestIDMiddleware(makeIdentifier: .incrementing()))
      router.use(ObservationMiddleware(clock: clock, observers: [AccessLog(sink: sink)]))
      router.add(.post, "/functions/v1/ai", handler: BackendAdapter.handler(service.handleAI))
      server = HTTPServer(router: router)
      port = try server.start()
      token = try JWTSigner(hmacSecret: BackendAdapterAccessLogTests.secret).sign(claims: [
        "sub": .string("user-7f3a"), "role": .string("authenticated"),
        "aud": .string("authenticated"), "exp": .number(1_800_003_600),
      ])
    }

    /// Posts a chat in `model` and reads the whole answer.
    func ask(model: String) async throws -> (status: Int, body: String) {
      let url = try #require(URL(string: "http://127.0.0.1:\(port)/functions/v1/ai"))
      let body =
        #"{"model":"\#(model)","messages":[{"role":"user","content":"\#(BackendAdapterAccessLogTests.prompt)"}]}"#
      let request = HTTPRequest(url: url, method: .post, body: Data(body.utf8))
        .withHeader("Authorization", "Bearer " + token)
      do {
        let response = try await URLSessionHTTPClient(baseURL: nil, clock: .live).stream(request)
        var text = Data()
        for try await chunk in response.body { text.append(chunk) }
        return (response.statusCode, String(decoding: text, as: UTF8.self))
      } catch HTTPError.status(let refusal, _) {
        return (refusal.statusCode, String(decoding: refusal.data, as: UTF8.self))
      }
    }

    func stop() async {
      await server.shutdown(deadline: .milliseconds(100))
      upstream.stop()
    }
  }

  /// The line as JSON, after checking that nothing private is in it.
  static func fields(_ line: String, token: String) throws -> [String: Any] {
    #expect(!line.contains(token))
    #expect(!line.contains(prompt))
    #expect(!line.contains(replyText))
    #expect(!line.contains("sk-upstream-log-key"))
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    return try #require(object)
  }

  @Test func aStreamedReplyNamesTheUserTheAliasedModelItsGenerationAndTokens() async throws {
    let rig = try Rig()
    let chunk =
      #"data: {"id":"gen-42","choices":[{"index":0,"delta":{"content":"\#(Self.replyText)"},"finish_reason":null}]}"#
    let finish = #"data: {"id":"gen-42","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#
    let usage =
      #"data: {"id":"gen-42","choices":[],"usage":{"prompt_tokens":12,"completion_tokens":3}}"#
    rig.upstream.enqueue(
      .eventStream([chunk, finish, usage, "data: [DONE]"].map { .text($0 + "\n\n") }),
      method: .post, path: "/v1/chat/completions")
    let answer = try await rig.ask(model: "fast")
    #expect(answer.status == 200)
    #expect(answer.body.contains(Self.replyText))
    let line = try #require(await rig.sink.next())
    let fields = try Self.fields(line, token: rig.token)
    #expect(fields["user_id"] as? String == "user-7f3a")
    #expect(fields["model"] as? String == "openai/gpt-4o-mini")
    #expect(fields["status"] as? Int == 200)
    #expect(fields["reply"] as? String == "completed")
    #expect(fields["generation_id"] as? String == "gen-42")
    #expect(fields["prompt_tokens"] as? Int == 12)
    #expect(fields["completion_tokens"] as? Int == 3)
    #expect(fields["refusal"] == nil)
    #expect(fields["completed"] as? Bool == true)
    await rig.stop()
  }

  @Test func aRefusalNamesTheUserAndTheReasonWithoutAModelOrReply() async throws {
    let rig = try Rig(freeMessageLimit: 0)
    let answer = try await rig.ask(model: "fast")
    #expect(answer.status == 429)
    let line = try #require(await rig.sink.next())
    let fields = try Self.fields(line, token: rig.token)
    #expect(fields["user_id"] as? String == "user-7f3a")
    #expect(fields["refusal"] as? String == "free_quota_exhausted")
    #expect(fields["status"] as? Int == 429)
    #expect(fields["reply"] == nil)
    #expect(fields["model"] == nil, "refused before the body was read")
    await rig.stop()
  }

  @Test func anUpstreamFailureIsLoggedWithItsRefund() async throws {
    let rig = try Rig()
    rig.upstream.enqueue(
      .json(#"{"error":{"message":"provider-secret-detail"}}"#, status: 500), method: .post,
      path: "/v1/chat/completions")
    let answer = try await rig.ask(model: "openai/gpt-3.5-turbo")
    #expect(answer.status == 502)
    let line = try #require(await rig.sink.next())
    let fields = try Self.fields(line, token: rig.token)
    #expect(!line.contains("provider-secret-detail"))
    #expect(fields["model"] as? String == "openai/gpt-3.5-turbo")
    #expect(fields["refusal"] as? String == "upstream_error")
    #expect(fields["reply"] as? String == "upstream_error")
    #expect(fields["free_refunded"] as? Bool == true)
    await rig.stop()
  }
}

/// Access-log lines, handed to the test as they are written.
final class SignallingSink: AccessLogSink {
  private let lines: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation

  init() {
    (lines, continuation) = AsyncStream<String>.makeStream()
  }

  func writeLine(_ line: String) { continuation.yield(line) }

  /// The next line written (the request's exchange ends after its answer is read).
  func next() async -> String? {
    var iterator = lines.makeAsyncIterator()
    return await iterator.next()
  }
}
