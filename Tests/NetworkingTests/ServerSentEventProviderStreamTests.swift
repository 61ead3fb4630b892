import Networking
import Testing

/// Streams shaped like the ones OpenAI-compatible providers send, fed in every chunking.
@Suite struct ServerSentEventProviderStreamTests {
  private static func chunk(_ delta: String, finish: String = "null") -> String {
    #"{"id":"chatcmpl-AbC123","object":"chat.completion.chunk","created":1718000000,"#
      + #""model":"gpt-4o-mini","choices":[{"index":0,"delta":\#(delta),"#
      + #""logprobs":null,"finish_reason":\#(finish)}]}"#
  }

  private static let role = chunk(#"{"role":"assistant","content":""}"#)
  private static let hello = chunk(#"{"content":"Hello"}"#)
  private static let world = chunk(#"{"content":", wörld 🙂\n"}"#)
  private static let stop = chunk("{}", finish: #""stop""#)

  @Test func openAIStream() {
    let stream = [Self.role, Self.hello, Self.world, Self.stop, "[DONE]"].map { "data: \($0)\n\n" }
      .joined()
    expectEvents(
      stream,
      [
        .init(data: Self.role), .init(data: Self.hello), .init(data: Self.world),
        .init(data: Self.stop), .init(data: "[DONE]"),
      ])
  }

  @Test func openRouterProcessingComments() {
    let stream =
      ": OPENROUTER PROCESSING\n\n: OPENROUTER PROCESSING\n\n"
      + "data: \(Self.hello)\n\n: OPENROUTER PROCESSING\n\ndata: \(Self.stop)\n\n"
      + "data: [DONE]\n\n"
    expectEvents(
      stream, [.init(data: Self.hello), .init(data: Self.stop), .init(data: "[DONE]")])
  }

  @Test func dataWithoutSpaceAndKeepAlives() {
    let stream =
      ": keep-alive\n\ndata:\(Self.role)\n\n: keep-alive\n\ndata:\(Self.hello)\n\n"
      + "data:[DONE]\n\n"
    expectEvents(
      stream, [.init(data: Self.role), .init(data: Self.hello), .init(data: "[DONE]")])
  }

  @Test func crlfFraming() {
    let stream =
      ": OPENROUTER PROCESSING\r\n\r\ndata: \(Self.hello)\r\n\r\n"
      + "data: \(Self.world)\r\n\r\ndata: [DONE]\r\n\r\n"
    expectEvents(
      stream, [.init(data: Self.hello), .init(data: Self.world), .init(data: "[DONE]")])
  }

  @Test func doneFollowedByCarriageReturnsIsStillDone() {
    expectEvents("data:[DONE]\r\r", [.init(data: "[DONE]")])
    expectEvents("data: [DONE]\r\n\r\n", [.init(data: "[DONE]")])
  }

  @Test func namedEventsWithPingAndError() {
    let start = #"{"type":"message_start","message":{"id":"msg_1","role":"assistant"}}"#
    let delta = #"{"type":"content_block_delta","delta":{"type":"text_delta","text":"Hi"}}"#
    let error = #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#
    let stream =
      "event: message_start\ndata: \(start)\n\nevent: ping\ndata: {\"type\": \"ping\"}\n\n"
      + "event: content_block_delta\ndata: \(delta)\n\nevent: error\ndata: \(error)\n\n"
    expectEvents(
      stream,
      [
        .init(type: "message_start", data: start), .init(type: "ping", data: #"{"type": "ping"}"#),
        .init(type: "content_block_delta", data: delta), .init(type: "error", data: error),
      ])
  }

  @Test func streamCutOffMidEventLosesOnlyThatEvent() {
    let stream = "data: \(Self.hello)\n\ndata: \(Self.world.prefix(40))"
    expectEvents(stream, [.init(data: Self.hello)])
  }

  @Test func resumableStreamWithIDsAndRetry() {
    let stream =
      "retry: 2500\n\nid: evt-1\ndata: \(Self.hello)\n\nid: evt-2\ndata: \(Self.stop)\n\n"
    expectEvents(
      stream,
      [
        .init(data: Self.hello, lastEventID: "evt-1"), .init(data: Self.stop, lastEventID: "evt-2"),
      ],
      lastEventID: "evt-2", reconnectionTime: 2500)
  }
}
