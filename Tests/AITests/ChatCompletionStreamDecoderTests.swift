import Core
import Testing

@testable import AI

@Suite struct ChatCompletionStreamDecoderTests {
  typealias F = StreamFixtures

  @Test func decodesARecordedOpenAIStream() {
    let events = F.decode(F.openAIStream(["Hello", ",", " world", "!"]))
    #expect(
      events == [
        .model("gpt-4o-mini-2024-07-18"), .content("Hello"), .content(","), .content(" world"),
        .content("!"), .usage(TokenUsage(promptTokens: 12, completionTokens: 3, totalTokens: 15)),
        .finished(.completed(finishReason: .stop)),
      ])
  }

  @Test func ignoresOpenRouterKeepAliveComments() {
    let text =
      F.keepAlive + F.openAIChunk("Hi") + F.keepAlive + F.keepAlive
      + F.openAIChunk(nil, finishReason: "stop") + F.keepAlive + F.done
    let reply = F.reply(F.decode(text))
    #expect(reply.content == "Hi")
    #expect(reply.outcome == .completed(finishReason: .stop))
  }

  @Test func toleratesChunksWithoutIDObjectOrCreated() {
    let text =
      "data: {\"choices\":[{\"delta\":{\"content\":\"No id\"}}],\"model\":\"gemini-2.0-flash\"}\n\n"
      + "data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n" + F.done
    let reply = F.reply(F.decode(text))
    #expect(reply.content == "No id")
    #expect(reply.model == "gemini-2.0-flash")
    #expect(reply.outcome == .completed(finishReason: .stop))
  }

  @Test func readsUsageFromAChunkWithEmptyChoicesAndFromAFinalChoiceChunk() {
    let separate = F.reply(F.decode(F.openAIStream(["a"], usage: (7, 1))))
    #expect(separate.usage == TokenUsage(promptTokens: 7, completionTokens: 1, totalTokens: 8))

    let combined =
      "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"},\"finish_reason\":\"length\"}],"
      + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":9}}\n\n" + F.done
    let reply = F.reply(F.decode(combined))
    #expect(reply.usage == TokenUsage(promptTokens: 5, completionTokens: 9, totalTokens: 14))
    #expect(reply.finishReason == .length)
  }

  @Test func treatsNullContentAndNullFieldsAsAbsent() {
    let text =
      F.openAIChunk(nil) + "data: {\"choices\":null,\"usage\":null,\"model\":null}\n\n"
      + "data: {\"choices\":[{\"index\":0,\"delta\":null,\"finish_reason\":null}]}\n\n"
      + F.openAIChunk("ok", finishReason: "stop") + F.done
    let events = F.decode(text)
    #expect(events.filter { if case .content = $0 { true } else { false } } == [.content("ok")])
    #expect(events.last == .finished(.completed(finishReason: .stop)))
  }

  @Test func acceptsDataWithoutASpaceAfterTheColon() {
    let text =
      "data:{\"choices\":[{\"delta\":{\"content\":\"tight\"}}]}\n\n"
      + "data:{\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata:[DONE]\n\n"
    let reply = F.reply(F.decode(text))
    #expect(reply.content == "tight")
    #expect(reply.outcome == .completed(finishReason: .stop))
  }

  @Test func acceptsCRLFFraming() {
    let text = F.openAIStream(["one", " two"]).replacingOccurrences(of: "\n", with: "\r\n")
    let reply = F.reply(F.decode(text))
    #expect(reply.content == "one two")
    #expect(reply.outcome == .completed(finishReason: .stop))
  }

  @Test func ignoresEverythingAfterDone() {
    let text =
      F.openAIChunk("kept") + F.done + F.openAIChunk(" dropped")
      + "data: this is not JSON\n\n" + F.openRouterMidStreamError
    let events = F.decode(text, cause: .network(code: -1005, message: nil))
    #expect(
      events == [
        .model("gpt-4o-mini-2024-07-18"), .content("kept"),
        .finished(.completed(finishReason: nil)),
      ])
  }

  @Test func keepsPartialContentAndReportsOpenRoutersMidStreamError() {
    let text =
      F.openAIChunk("Partial", model: "openai/gpt-4o-mini") + F.keepAlive
      + F.openAIChunk(" answer", model: "openai/gpt-4o-mini") + F.openRouterMidStreamError
    let reply = F.reply(F.decode(text))
    #expect(reply.content == "Partial answer")
    #expect(
      reply.outcome
        == .streamError(
          ProviderError(code: "server_error", message: "Provider disconnected unexpectedly")))
    #expect(reply.finishReason == .error)
    #expect(reply.outcome?.appError == .serviceUnavailable(status: 502))
  }

  @Test func reportsAnErrorObjectWithoutChoices() {
    let text =
      F.openAIChunk("Hel")
      + "data: {\"error\":{\"message\":\"Overloaded\",\"type\":\"overloaded_error\"}}\n\n"
    let reply = F.reply(F.decode(text))
    #expect(reply.content == "Hel")
    #expect(
      reply.outcome == .streamError(ProviderError(code: "overloaded_error", message: "Overloaded")))
  }

  @Test(arguments: [
    ("data: {\"error\":\"model crashed\"}\n\n", ProviderError(code: nil, message: "model crashed")),
    (
      "data: {\"error\":{\"code\":502,\"message\":\"Upstream\"}}\n\n",
      ProviderError(code: ProviderErrorCode(number: 502), message: "Upstream")
    ),
    (
      "data: {\"error\":{\"code\":\"rate_limited\"}}\n\n",
      ProviderError(code: .rateLimited, message: ProviderErrorReader.missingMessage)
    ),
    (
      "data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"error\"}]}\n\n",
      ProviderError(code: nil, message: "The provider ended the reply with an error.")
    ),
    (
      "event: error\ndata: upstream went away\n\n",
      ProviderError(code: nil, message: "upstream went away")
    ),
    (
      "event: error\ndata: {\"error\":{\"code\":\"overloaded_error\",\"message\":\"Busy\"}}\n\n",
      ProviderError(code: "overloaded_error", message: "Busy")
    ),
    (
      "data: {\"choices\":[{\"index\":0,\"delta\":{},\"error\":{\"message\":\"choice failed\"}}]}\n\n",
      ProviderError(code: nil, message: "choice failed")
    ),
  ])
  func neverDropsAnErrorObject(line: String, expected: ProviderError) {
    let events = F.decode(F.openAIChunk("before") + line + F.done)
    #expect(events.contains(.content("before")))
    #expect(events.last == .finished(.streamError(expected)))
  }

  @Test(arguments: [
    "data: this is not JSON\n\n", "data: 42\n\n", "data: [1,2]\n\n",
    "data: {\"choices\":\"x\"}\n\n",
    "data: {\"choices\":[{\"delta\":{\"content\":5}}]}\n\n", "data: {\"choices\":[{\"delta\":\n\n",
    "data: {\"usage\":{\"prompt_tokens\":\"many\"}}\n\n", "data: {\"a\":1} trailing\n\n",
  ])
  func reportsAnUndecodablePayloadAsAStreamError(line: String) throws {
    let events = F.decode(F.openAIChunk("ok") + line + F.done)
    #expect(events.contains(.content("ok")))
    guard case .finished(.streamError(let error)) = events.last else {
      Issue.record("expected a stream error, got \(String(describing: events.last))")
      return
    }
    #expect(error.code == .invalidChunk)
    #expect(ChatCompletionOutcome.streamError(error).appError == AppError.decoding)
  }

  @Test func ignoresUnknownFieldsAtEveryLevel() {
    let text =
      "data: {\"id\":\"x\",\"provider\":\"Together\",\"service_tier\":\"default\",\"obfuscation\":\"a1\","
      + "\"future\":{\"nested\":[1,{\"deep\":[true,null,-1.5e3]}]},\"choices\":[{\"index\":0,"
      + "\"delta\":{\"role\":\"assistant\",\"content\":\"fine\",\"audio\":{\"id\":\"q\"},"
      + "\"reasoning_details\":[{\"type\":\"reasoning.text\",\"text\":\"t\"}]},\"logprobs\":{\"content\":[]},"
      + "\"native_finish_reason\":\"STOP\",\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":1,"
      + "\"completion_tokens\":1,\"total_tokens\":2,\"cost\":0.0001,\"is_byok\":false}}\n\n"
      + F.done
    let reply = F.reply(F.decode(text))
    #expect(reply.content == "fine")
    #expect(reply.outcome == .completed(finishReason: .stop))
  }

  @Test func reportsAStreamCutMidChunkAsIncompleteAndKeepsThePartialReply() throws {
    let full = F.openAIStream(["Kept", " text", " lost"])
    let cutPoint = try #require(full.range(of: "lost"))
    let truncated = String(full[..<cutPoint.lowerBound])
    let cause = AppError.network(code: -1005, message: "Connection lost")
    let reply = F.reply(F.decode(truncated, cause: cause))
    #expect(reply.content == "Kept text")
    #expect(reply.outcome == .incomplete(cause: cause))

    let clean = F.reply(F.decode(truncated))
    #expect(clean.outcome == .incomplete(cause: nil))
    #expect(clean.outcome?.appError == .network(code: -1005, message: "The reply was cut off"))
  }

  @Test func completesWhenAFinishReasonArrivedEvenWithoutDone() {
    let text = F.openAIChunk("a") + F.openAIChunk(nil, finishReason: "length")
    #expect(F.decode(text).last == .finished(.completed(finishReason: .length)))
    #expect(F.decode(F.openAIChunk("a") + F.done).last == .finished(.completed(finishReason: nil)))
  }

  @Test func readsReasoningFromBothFieldNamesWithoutDoublingIt() {
    let text =
      "data: {\"choices\":[{\"delta\":{\"reasoning\":\"Think\",\"content\":null}}]}\n\n"
      + "data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"ing.\"}}]}\n\n"
      + "data: {\"choices\":[{\"delta\":{\"reasoning\":\" Once\",\"reasoning_content\":\" Once\"}}]}\n\n"
      + F.openAIChunk("Answer", finishReason: "stop") + F.done
    let reply = F.reply(F.decode(text))
    #expect(reply.reasoning == "Thinking. Once")
    #expect(reply.content == "Answer")
  }

  @Test func joinsContentPartsAndIgnoresOtherChoices() {
    let text =
      "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":[{\"type\":\"text\",\"text\":\"Bon\"},"
      + "{\"type\":\"text\",\"text\":\"jour\"}]}},{\"index\":1,\"delta\":{\"content\":\"other\"}}]}\n\n"
      + "data: {\"choices\":[{\"index\":1,\"delta\":{\"content\":\"ignored\"}}]}\n\n" + F.done
    #expect(F.reply(F.decode(text)).content == "Bonjour")
  }

  @Test func sendsTheModelAgainOnlyWhenItChanges() {
    let text =
      F.openAIChunk("a", model: "m1") + F.openAIChunk("b", model: "m1")
      + F.openAIChunk("c", model: "m2")
      + F.done
    let models = F.decode(text).compactMap { if case .model(let id) = $0 { id } else { nil } }
    #expect(models == ["m1", "m2"])
  }

  @Test func joinsDataSpreadOverSeveralLines() {
    let text = "data: {\"choices\":[{\"delta\":\ndata: {\"content\":\"multi\"}}]}\n\n" + F.done
    #expect(F.reply(F.decode(text)).content == "multi")
  }

  @Test func emptyDataEventsAreIgnored() {
    let text = "data:\n\n" + "data: \n\n" + F.openAIChunk("x") + F.done
    #expect(F.reply(F.decode(text)).outcome == .completed(finishReason: nil))
  }
}
