import Testing

@testable import AI

@Suite struct ChatCompletionStreamDecoderChunkingTests {
  typealias F = StreamFixtures

  /// A stream with multibyte text, escapes, a keep-alive, reasoning, a tool call and usage.
  static let mixed =
    F.keepAlive + F.openAIRoleChunk
    + "data: {\"choices\":[{\"delta\":{\"reasoning\":\"Plan \\u00e9\"}}]}\r\n\r\n"
    + F.openAIChunk("Caf\u{e9} \u{6771}\u{4eac} \u{1F642}") + F.openAIChunk(" \"quoted\"\n")
    + "data:{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\","
    + "\"function\":{\"name\":\"lookup\",\"arguments\":\"{\\\"q\\\":\\\"a\\\\\"}}]}}]}\n\n"
    + "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":"
    + "\"\\\"b\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}]}\n\n"
    + F.usageChunk(prompt: 20, completion: 8) + F.done

  @Test func producesTheSameEventsWhateverTheChunkBoundaries() {
    let bytes = Array(Self.mixed.utf8)
    let whole = F.decode(chunks: [bytes])
    #expect(whole.last == .finished(.completed(finishReason: .toolCalls)))
    #expect(F.decode(chunks: bytes.map { [$0] }) == whole)
    for split in 1..<bytes.count {
      let events = F.decode(chunks: [Array(bytes[..<split]), Array(bytes[split...])])
      if events != whole {
        Issue.record("split at byte \(split) changed the events")
        return
      }
    }
  }

  @Test func assemblesTheToolCallAcrossFragmentsWithASplitEscape() throws {
    let reply = F.reply(F.decode(Self.mixed))
    #expect(reply.content == "Caf\u{e9} \u{6771}\u{4eac} \u{1F642} \"quoted\"\n")
    #expect(reply.reasoning == "Plan \u{e9}")
    #expect(
      reply.toolCalls == [ToolCall(id: "call_1", name: "lookup", arguments: #"{"q":"a\"b"}"#)])
    #expect(reply.usage == TokenUsage(promptTokens: 20, completionTokens: 8))
  }
}
