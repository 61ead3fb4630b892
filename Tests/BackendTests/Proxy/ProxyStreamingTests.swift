import Backend
import Foundation
import JOSE
import Networking
import TestSupport
import Testing

/// The streamed answer: Kiln's own framing, keep-alive during silence, a final usage chunk,
/// `[DONE]` only for a finished reply, and cancellation of the upstream when the client goes.
@Suite struct ProxyStreamingTests {
  /// Anchors §0.5 and §0.7: comments and other SSE fields are dropped, split chunks are
  /// reassembled, and the usage chunk with empty `choices` is kept.
  @Test func chunksAreReframedWithTheUsageChunkThenDone() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    let first = UpstreamScript.chunk("Hi")
    let split = first.index(first.startIndex, offsetBy: 30)
    harness.scriptStream(
      [
        .text(": OPENROUTER PROCESSING\n\n"), .text(String(first[..<split])),
        .text(String(first[split...])), .text("event: message\nid: 7\nretry: 10\n"),
        .text(UpstreamScript.chunk(" there")),
        .text(UpstreamScript.finish()), .text(UpstreamScript.usage(prompt: 12, completion: 3)),
        .text(UpstreamScript.done),
      ], headers: ["X-Generation-Id": "gen-header-1"])
    let response = try await harness.ask()
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "text/event-stream")
    #expect(response.header(ProxyService.freeMessagesHeader) == "9")
    let text = try await response.streamedText()
    let expected =
      UpstreamScript.chunk("Hi") + UpstreamScript.chunk(" there") + UpstreamScript.finish()
      + UpstreamScript.usage(prompt: 12, completion: 3) + UpstreamScript.done
    #expect(text == expected)
    #expect(!text.contains("OPENROUTER"))
    #expect(!text.contains("retry:"))
    let line = try #require(try await harness.ledger().first)
    #expect(line.status == "completed")
    #expect(line.promptTokens == 12)
    #expect(line.completionTokens == 3)
    #expect(line.upstreamGenerationID == "gen-header-1")
    #expect(line.requestID == "req-1")
    #expect(line.model == "openai/gpt-3.5-turbo")
  }

  /// Anchors §0.5: an error object under HTTP 200 becomes a terminal error event.
  @Test func aMidStreamErrorBecomesAnErrorEventAndNeverDone() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream([
      .text(UpstreamScript.chunk("Hi")),
      .text(
        #"data: {"id":"gen-1","error":{"code":502,"message":"Provider returned error: key sk-123"},"choices":[{"index":0,"delta":{},"finish_reason":"error"}]}"#
          + "\n\n"),
      .text(UpstreamScript.done),
    ])
    let text = try await harness.ask().streamedText()
    #expect(text.hasPrefix(UpstreamScript.chunk("Hi")))
    #expect(
      text.hasSuffix(
        #"data: {"error":{"code":"upstream_error","message":"The model provider failed while answering."}}"#
          + "\n\n"))
    #expect(!text.contains("[DONE]"))
    #expect(!text.contains("sk-123"))
    #expect(try await harness.ledger().first?.status == "upstream_error")
  }

  /// Anchors §0.5: a stream that ends without `[DONE]` or a finish reason is cut off.
  @Test func aTruncatedStreamEndsWithAnErrorEvent() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream([.text(UpstreamScript.chunk("Hi")), .text("data: {\"id\":")])
    let text = try await harness.ask().streamedText()
    #expect(text.contains(#""code":"upstream_error""#))
    #expect(!text.contains("[DONE]"))
  }

  /// A chunk spread over several `data:` lines reaches the client as one line holding the
  /// same JSON value; a one-line chunk passes byte for byte.
  @Test func aChunkOverSeveralDataLinesGoesOutAsOneLine() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    let split =
      "data: {\"id\":\"gen-1\",\"object\":\"chat.completion.chunk\",\n"
      + "data: \"choices\":[{\"index\":0,\n"
      + "data: \"delta\":{\"content\":\"Hi\"},\"finish_reason\":null}]}\n\n"
    harness.scriptStream(
      [.text(split), .text(UpstreamScript.chunk(" there")), .text(UpstreamScript.finish())]
        + [.text(UpstreamScript.done)])
    let text = try await harness.ask().streamedText()
    // Re-serialized: the same value, its members in sorted order.
    let joined =
      #"data: {"choices":[{"delta":{"content":"Hi"},"finish_reason":null,"index":0}],"#
      + #""id":"gen-1","object":"chat.completion.chunk"}"# + "\n\n"
    #expect(
      text
        == joined + UpstreamScript.chunk(" there") + UpstreamScript.finish()
        + UpstreamScript.done)
  }

  @Test func aFinishedStreamWithoutDoneStillEndsWithDone() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream([.text(UpstreamScript.chunk("Hi")), .text(UpstreamScript.finish())])
    let text = try await harness.ask().streamedText()
    #expect(text.hasSuffix(UpstreamScript.finish() + UpstreamScript.done))
  }

  @Test func aKeepAliveCommentIsSentDuringUpstreamSilence() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    let gate = LoopbackGate("silence")
    harness.scriptStream(
      [.text(UpstreamScript.chunk("Hi")), .gate(gate)] + UpstreamScript.reply([" there"]))
    let response = try await harness.ask()
    guard case .stream(let stream) = response.body else {
      Issue.record("not streamed")
      return
    }
    let writer = RecordingBodyWriter()
    let producer = Task {
      defer { writer.finish() }
      try await stream.produce(writer)
    }
    #expect(await writer.waitFor(UpstreamScript.chunk("Hi")))
    try await gate.waitUntilReached()
    #expect(!writer.text.contains("keep-alive"))
    #expect(await harness.clock.waitForSleepers(1))
    await harness.clock.advance(by: .seconds(15))
    #expect(await writer.waitFor(": keep-alive\n\n"))
    gate.open()
    try await producer.value
    #expect(
      writer.text == UpstreamScript.chunk("Hi") + ": keep-alive\n\n"
        + UpstreamScript.chunk(" there") + UpstreamScript.finish() + UpstreamScript.usage()
        + UpstreamScript.done)
  }

  /// Chunks do not restart the keep-alive timer: one sleep covers a stream whose chunks keep
  /// coming (restarting it cost a task, a timer and a wake-up per chunk).
  @Test func chunksDoNotStartANewKeepAliveTimerEach() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    let before = LoopbackGate("before the chunks")
    let after = LoopbackGate("after the chunks")
    harness.scriptStream(
      [.gate(before)] + ["a", "b", "c", "d"].map { .text(UpstreamScript.chunk($0)) }
        + [.gate(after)] + UpstreamScript.reply([" there"]))
    let response = try await harness.ask()
    guard case .stream(let stream) = response.body else {
      Issue.record("not streamed")
      return
    }
    let writer = RecordingBodyWriter()
    let producer = Task {
      defer { writer.finish() }
      try await stream.produce(writer)
    }
    try await before.waitUntilReached()
    #expect(await harness.clock.waitForSleepers(1))
    before.open()
    #expect(await writer.waitFor(UpstreamScript.chunk("d")))
    try await after.waitUntilReached()
    #expect(await harness.clock.waitForSleepers(1))
    #expect(harness.clock.totalSleeps == 1)
    after.open()
    try await producer.value
    #expect(!writer.text.contains("keep-alive"))
  }

  /// A client that leaves while the upstream is silent is found out by the keep-alive
  /// comment, which the ticker writes itself: the upstream transfer stops and the ledger
  /// says `cancelled`.
  @Test func aClientGoneDuringUpstreamSilenceIsFoundByTheKeepAlive() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream([.text(UpstreamScript.chunk("Hi")), .stall])
    let response = try await harness.ask()
    guard case .stream(let stream) = response.body else {
      Issue.record("not streamed")
      return
    }
    let writer = RecordingBodyWriter(hangUpAfter: 1)
    let producer = Task { try await stream.produce(writer) }
    #expect(await writer.waitFor(UpstreamScript.chunk("Hi")))
    #expect(await harness.clock.waitForSleepers(1))
    await harness.clock.advance(by: .seconds(15))
    try await producer.value
    #expect(writer.text == UpstreamScript.chunk("Hi"))
    let exchange = try #require(try await harness.upstream?.waitForExchange(0))
    #expect(exchange.outcome == .clientClosed)
    #expect(try await harness.ledger().first?.status == "cancelled")
  }

  /// Anchors §0.6: when the client goes, the upstream transfer stops (the loopback server
  /// sees the connection close) and the ledger says `cancelled`.
  @Test func aClientDisconnectCancelsTheUpstreamRequest() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    let gate = LoopbackGate("after-first")
    harness.scriptStream([
      .text(UpstreamScript.chunk("Hi")), .gate(gate), .text(UpstreamScript.chunk(" more")),
      .stall,
    ])
    let response = try await harness.ask()
    guard case .stream(let stream) = response.body else {
      Issue.record("not streamed")
      return
    }
    let writer = RecordingBodyWriter(hangUpAfter: 1)
    let producer = Task { try await stream.produce(writer) }
    try await gate.waitUntilReached()
    // The second chunk leaves only once the first has reached the client, so the two never
    // arrive together (the relay would send them in its one accepted write).
    #expect(await writer.waitFor("Hi"))
    gate.open()
    try await producer.value
    let exchange = try #require(try await harness.upstream?.waitForExchange(0))
    #expect(exchange.outcome == .clientClosed)
    #expect(try await harness.ledger().first?.status == "cancelled")
  }

  @Test func aNonStreamingRequestGetsOneChatCompletion() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream(UpstreamScript.reply(["Hi", " there"]))
    let response = await harness.service.handleChatCompletions(
      ProxyHarness.request(
        ProxyHarness.body(), token: try harness.token(), path: "/v1/chat/completions"))
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json")
    let object = try StrictJSONParser().parseObject(Array(response.bodyText.utf8))
    #expect(object["object"] == .string("chat.completion"))
    #expect(object["id"] == .string("gen-1"))
    let choice = try #require(object["choices"]?.arrayValue?.first?.objectValue)
    #expect(
      choice["message"] == .object(["role": .string("assistant"), "content": .string("Hi there")]))
    #expect(choice["finish_reason"] == .string("stop"))
    #expect(object["usage"]?.objectValue?["total_tokens"] == .number(15))
    #expect(try await harness.ledger().first?.status == "completed")
  }

  @Test func aNonStreamingRequestWhoseUpstreamFailsMidwayIs502() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream([.text(UpstreamScript.chunk("Hi")), .dropConnection])
    let response = await harness.service.handleChatCompletions(
      ProxyHarness.request(
        ProxyHarness.body(), token: try harness.token(), path: "/v1/chat/completions"))
    #expect(response.status == 502)
    #expect(response.errorCode == "upstream_error")
  }

  @Test func theEchoModelStreamsInTheSameFormatAndCharges() async throws {
    let harness = try ProxyHarness(echo: true)
    let response = try await harness.ask(ProxyHarness.body("Hello big world"))
    #expect(response.status == 200)
    #expect(response.header(ProxyService.freeMessagesHeader) == "9")
    let text = try await response.streamedText()
    var parser = ServerSentEventParserProbe()
    let events = parser.events(text)
    #expect(events.last == "[DONE]")
    let objects = try events.dropLast().map { try StrictJSONParser().parseObject(Array($0.utf8)) }
    let content = objects.compactMap {
      $0["choices"]?.arrayValue?.first?.objectValue?["delta"]?.objectValue?["content"]?.stringValue
    }.joined()
    #expect(content == "Hello big world")
    #expect(objects.last?["usage"]?.objectValue?["completion_tokens"] == .number(4))
    #expect(try await harness.ledger().first?.completionTokens == 4)
  }

  @Test func theEchoModelAnswersOneCompletionWhenNotStreaming() async throws {
    let harness = try ProxyHarness(echo: true)
    let response = await harness.service.handleChatCompletions(
      ProxyHarness.request(
        ProxyHarness.body("Echo me"), token: try harness.token(), path: "/v1/chat/completions"))
    let object = try StrictJSONParser().parseObject(Array(response.bodyText.utf8))
    let choice = try #require(object["choices"]?.arrayValue?.first?.objectValue)
    #expect(choice["message"]?.objectValue?["content"] == .string("Echo me"))
    #expect(object["model"] == .string("echo"))
  }

  @Test func theModelListNamesTheAllowedModelsForASignedInUser() async throws {
    let harness = try ProxyHarness(echo: true)
    let token = try harness.token()
    let signedIn = await harness.service.handleModels(
      BackendRequest(
        method: "GET", path: "/v1/models", headers: [("Authorization", "Bearer " + token)]))
    let object = try StrictJSONParser().parseObject(Array(signedIn.bodyText.utf8))
    #expect(object["object"] == .string("list"))
    let ids = object["data"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue }
    #expect(ids == ProxyConfiguration.standardModels)
    let anonymous = await harness.service.handleModels(
      BackendRequest(method: "GET", path: "/v1/models"))
    #expect(anonymous.status == 401)
  }

  @Test func theOpenAIRouteStreamsWhenAskedTo() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream(UpstreamScript.reply())
    let response = await harness.service.handleChatCompletions(
      ProxyHarness.request(
        ProxyHarness.body(extra: #","stream":true"#), token: try harness.token(),
        path: "/v1/chat/completions"))
    #expect(response.header("Content-Type") == "text/event-stream")
    let text = try await response.streamedText()
    #expect(text == UpstreamScript.reply().map(\.text).joined())
  }

  /// Networking's parser limits hold: a line past 1 MiB ends the reply with an error.
  @Test func anOversizedUpstreamLineEndsWithAnErrorEvent() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream([
      .text(UpstreamScript.chunk("Hi")), .text("data: " + String(repeating: "x", count: 1_100_000)),
      .text("\n\n" + UpstreamScript.done),
    ])
    let text = try await harness.ask().streamedText()
    #expect(text.hasPrefix(UpstreamScript.chunk("Hi")))
    #expect(text.contains("oversized chunk"))
    #expect(!text.contains("[DONE]"))
    #expect(text.utf8.count < 4096)
  }

  @Test func theEchoModelStillRunsEveryCheck() async throws {
    let harness = try ProxyHarness(echo: true) { $0.freeLimit = 1 }
    let wrongModel = try await harness.ask(ProxyHarness.body(model: "openai/gpt-4"))
    #expect(wrongModel.errorCode == "invalid_model")
    _ = try await harness.ask().streamedText()
    let spent = try await harness.ask()
    #expect(spent.errorCode == "free_quota_exhausted")
    let anonymous = await harness.service.handleAI(
      ProxyHarness.request(ProxyHarness.body(), token: nil))
    #expect(anonymous.status == 401)
  }
}

/// The `data` of each event in a client's stream, read with Networking's parser.
struct ServerSentEventParserProbe {
  mutating func events(_ text: String) -> [String] {
    var parser = ServerSentEventParser()
    return parser.push(Array(text.utf8)).map(\.data)
  }
}
