import Foundation
import Localization
import Networking
import TestSupport
import Testing

/// Issue #17's end to end: the real `kiln` chats through a real `kiln-server` (its own
/// accounts) to a scripted OpenAI-style upstream on loopback, which fails the test on an
/// unused script or an unexpected request.
@Suite struct KilnAgainstKilnServerProxyTests {
  static let email = "ada@example.com"
  static let password = "correct-horse-17"
  static let upstreamKey = "sk-e2e-server-side-key-0123"
  /// What the proxy may send upstream (`UpstreamRequestBody`'s allowlist).
  static let allowedFields: Set<String> = [
    "model", "messages", "max_tokens", "stream", "stream_options", "temperature",
  ]

  /// One OpenAI-style streamed reply saying `text`.
  static func reply(_ text: String, id: String) -> LoopbackResponse {
    let chunk =
      #"data: {"id":"\#(id)","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"\#(text)"},"finish_reason":null}]}"#
    let finish =
      #"data: {"id":"\#(id)","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#
    let usage =
      #"data: {"id":"\#(id)","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":9,"completion_tokens":4,"total_tokens":13}}"#
    return .eventStream([chunk, finish, usage, "data: [DONE]"].map { .text($0 + "\n\n") })
  }

  /// A kiln-server whose proxy calls `upstream`, with `freeLimit` free messages, and a
  /// `kiln` home signed up to it.
  static func start(
    upstream: LoopbackHTTPServer, freeLimit: Int
  ) async throws -> (
    server: KilnAgainstKilnServerTests.Server, home: ChatTestHome, environment: [String: String]
  ) {
    let server = try await KilnAgainstKilnServerTests.Server(environment: [
      "UPSTREAM_BASE_URL": upstream.url("/v1").absoluteString, "UPSTREAM_API_KEY": upstreamKey,
      "KILN_FREE_MESSAGE_LIMIT": String(freeLimit),
    ])
    let home = try ChatTestHome()
    let environment = [
      "AUTH_BYPASS": "0", "SUPABASE_URL": server.baseURL, "SUPABASE_ANON_KEY": server.anonKey,
      "PROXY_BASE_URL": server.baseURL + "/functions/v1", "PROXY_PATH": "/ai",
    ]
    let signup = try await home.runWithPipes(
      ["signup", "--email", email, "--password-stdin"], input: password + "\n",
      environment: environment)
    #expect(signup.status == 0, "\(signup.error)")
    return (server, home, environment)
  }

  /// The checks every upstream request must pass: the server's key, never a user's token,
  /// and only allowlisted fields and roles.
  static func expectServerSideRequest(_ request: LoopbackRequest) throws {
    #expect(request.headers["Authorization"] == "Bearer " + upstreamKey)
    for field in request.headers.fields {
      #expect(!field.value.contains("eyJ"), "a JWT reached the upstream in \(field.name)")
    }
    let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
    #expect(Set(body.keys).isSubset(of: allowedFields), "\(body.keys.sorted())")
    let messages = try #require(body["messages"] as? [[String: Any]])
    let roles = Set(messages.compactMap { $0["role"] as? String })
    #expect(roles.isSubset(of: ["system", "user", "assistant"]))
  }

  @Test func kilnChatsThroughKilnServerAndBothCountTheFreeTierAlike() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    for index in 1...3 {
      upstream.enqueue(
        Self.reply("Answer number \(index).", id: "gen-\(index)"), method: .post,
        path: "/v1/chat/completions")
    }
    let (server, home, environment) = try await Self.start(upstream: upstream, freeLimit: 3)
    defer { server.stop() }
    // kiln's own count would say 10 (its default); the server's allowance of 3 must win.
    let session = try await home.runWithPipes(
      [],
      input: "first question\n/usage\nsecond question\nthird question\n/usage\nfourth question\n",
      environment: environment)
    for index in 1...3 {
      #expect(session.output.contains("Answer number \(index)."), "\(session.output)")
    }
    #expect(session.output.contains("Free messages left: 2 of"), "\(session.output)")
    #expect(session.output.contains("Free messages left: 0 of"), "\(session.output)")
    let shown = session.output + session.error
    #expect(shown.contains(L10n.Chat.freeLimitReachedMessage), "\(shown)")

    let requests = try await upstream.waitForRequests(3)
    #expect(requests.count == 3, "the fourth message never left kiln")
    for request in requests { try Self.expectServerSideRequest(request) }
    let lastMessages = try #require(
      (try JSONSerialization.jsonObject(with: requests[2].body) as? [String: Any])?["messages"]
        as? [[String: Any]])
    #expect(lastMessages.last?["content"] as? String == "third question")

    // The server's own figure, asked with a fresh token of the same account: 0 left, and a
    // refusal that costs nothing and never reaches the upstream.
    let token = try await Self.signIn(server)
    let refusal = try await Self.ask(server, token: token)
    #expect(refusal.status == 429)
    #expect(refusal.remaining == "0")
    #expect(refusal.body.contains("free_quota_exhausted"))
    #expect(upstream.requests.count == 3)
  }

  /// An access token for the test's account from the server's password grant.
  static func signIn(_ server: KilnAgainstKilnServerTests.Server) async throws -> String {
    let url = try #require(URL(string: server.baseURL + "/auth/v1/token?grant_type=password"))
    let body = #"{"email":"\#(email)","password":"\#(password)"}"#
    let request = HTTPRequest(url: url, method: .post, body: Data(body.utf8))
      .withHeader("apikey", server.anonKey).withHeader("Content-Type", "application/json")
    let response = try await URLSessionHTTPClient(baseURL: nil, clock: .live).send(request)
    let object = try JSONSerialization.jsonObject(with: response.data) as? [String: Any]
    return try #require(object?["access_token"] as? String)
  }

  /// One chat request to the proxy with `token`: status, quota header and body.
  static func ask(
    _ server: KilnAgainstKilnServerTests.Server, token: String
  ) async throws -> (status: Int, remaining: String?, body: String) {
    let url = try #require(URL(string: server.baseURL + "/functions/v1/ai"))
    let body = #"{"messages":[{"role":"user","content":"one more"}],"stream":false}"#
    let request = HTTPRequest(url: url, method: .post, body: Data(body.utf8))
      .withHeader("Authorization", "Bearer " + token)
      .withHeader("Content-Type", "application/json")
    do {
      let response = try await URLSessionHTTPClient(baseURL: nil, clock: .live).send(request)
      return (
        response.statusCode, response.headers["X-Free-Messages-Remaining"],
        String(decoding: response.data, as: UTF8.self)
      )
    } catch HTTPError.status(let response, _) {
      return (
        response.statusCode, response.headers["X-Free-Messages-Remaining"],
        String(decoding: response.data, as: UTF8.self)
      )
    }
  }

  @Test func ctrlCDuringAProxiedReplyClosesTheUpstreamAndKeepsThePartialText() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    let partial =
      #"data: {"id":"gen-slow","choices":[{"index":0,"delta":{"content":"Partial answer"},"finish_reason":null}]}"#
    upstream.enqueue(
      .eventStream([.text(partial + "\n\n"), .stall]), method: .post, path: "/v1/chat/completions")
    let (server, home, environment) = try await Self.start(upstream: upstream, freeLimit: 10)
    defer { server.stop() }
    let kiln = try home.startOnTerminal(environment: environment)
    var mark = try await kiln.waitFor("› ")
    kiln.type("a long question\r")
    mark = try await kiln.waitFor("Partial answer", after: mark)
    kiln.control("c")
    mark = try await kiln.waitFor("Stopped. The text so far is kept", after: mark)
    // kiln drops its connection, kiln-server cancels its upstream request: the scripted
    // upstream sees its client close (a generous bound for a loaded machine).
    let exchange = try await upstream.waitForExchange(0, timeout: .seconds(10))
    #expect(exchange.outcome == .clientClosed)
    mark = try await kiln.waitFor("› ", after: mark)
    kiln.control("c")
    mark = try await kiln.waitFor("Press Ctrl-C again to quit", after: mark)
    kiln.control("c")
    #expect(try await kiln.waitForExit() == 0)

    let chats = try await home.runWithPipes(
      ["chats", "--json"], input: "", environment: environment)
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(chats.output.utf8)) as? [[String: Any]])
    let id = try #require(list.first?["id"] as? String)
    let show = try await home.runWithPipes(
      ["show", "--json", id], input: "", environment: environment)
    let messages = try #require(try KilnOutput.object(show.output)["messages"] as? [[String: Any]])
    #expect(messages.last?["text"] as? String == "Partial answer")
    #expect(messages.last?["status"] as? String == "cancelled")
    try Self.expectServerSideRequest(try #require(upstream.requests.first))
  }
}
