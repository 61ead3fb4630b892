import Core
import Foundation
import Networking

/// Turns the bytes of an OpenAI chat-completions `text/event-stream` body into
/// `ChatStreamEvent`s: the one decoder every client uses.
///
/// Feed each network chunk to `push(_:into:)`, then call `finish(cause:into:)` when the
/// body ends. The decoder appends events to the caller's buffer (so a buffer is reused
/// rather than an array built per chunk) and ends with exactly one `.finished` event:
/// - `data: [DONE]` → `.completed(finishReason:)` with the last `finish_reason` seen; data
///   after it is ignored;
/// - an `error` object in a chunk, an `event: error`, or `finish_reason: "error"` →
///   `.streamError`, after any content of the same chunk;
/// - a payload that is not a chat-completion chunk → `.streamError` with `invalid_chunk`;
/// - the body ending after a `finish_reason` → `.completed`; before one → `.incomplete`.
///
/// Tool-call fragments are merged by index and sent as one `.toolCalls` event when the
/// `finish_reason` arrives (or before `.finished`, when the stream ends without one).
public struct ChatCompletionStreamDecoder: Sendable {
  private var parser = ServerSentEventParser()
  private var toolCalls = ToolCallAccumulator()
  private var model: ModelID?
  private var finishReason: FinishReason?
  /// Whether the `.finished` event has been produced; later input is ignored.
  public private(set) var isFinished = false

  /// A decoder at the start of a stream.
  public init() {}

  /// Decodes the next chunk of the body, appending the events it completed to `events`.
  public mutating func push(_ bytes: Data, into events: inout [ChatStreamEvent]) {
    guard !isFinished else { return }
    for event in parser.push(bytes) {
      handle(event, into: &events)
      if isFinished { return }
    }
  }

  /// Decodes the next chunk of the body, appending the events it completed to `events`.
  public mutating func push(_ bytes: [UInt8], into events: inout [ChatStreamEvent]) {
    guard !isFinished else { return }
    for event in parser.push(bytes) {
      handle(event, into: &events)
      if isFinished { return }
    }
  }

  /// Handles one server-sent event of the stream.
  public mutating func handle(_ event: ServerSentEvent, into events: inout [ChatStreamEvent]) {
    guard !isFinished else { return }
    switch ChatCompletionChunkDecoder.decode(event) {
    case .empty:
      return
    case .done:
      end(with: .completed(finishReason: finishReason), into: &events)
    case .invalid(let error):
      end(with: .streamError(error), into: &events)
    case .chunk(let chunk):
      apply(chunk, into: &events)
    }
  }

  /// Ends the stream when the body ended: `cause` is the transport error that ended it
  /// early, or `nil` when the body ended cleanly. Does nothing when already finished.
  public mutating func finish(cause: AppError?, into events: inout [ChatStreamEvent]) {
    guard !isFinished else { return }
    if let finishReason {
      end(with: .completed(finishReason: finishReason), into: &events)
    } else {
      end(with: .incomplete(cause: cause), into: &events)
    }
  }

  /// Ends the stream with `outcome` (for example when the consumer cancelled), sending
  /// tool calls not yet sent first. Does nothing when already finished.
  public mutating func end(
    with outcome: ChatCompletionOutcome, into events: inout [ChatStreamEvent]
  ) {
    guard !isFinished else { return }
    sendToolCalls(into: &events)
    events.append(.finished(outcome))
    isFinished = true
  }

  private mutating func apply(_ chunk: ChatCompletionChunk, into events: inout [ChatStreamEvent]) {
    if let name = chunk.model, !name.isEmpty, name != model?.rawValue {
      let id = ModelID(rawValue: name)
      model = id
      events.append(.model(id))
    }
    if let reasoning = chunk.reasoning, !reasoning.isEmpty { events.append(.reasoning(reasoning)) }
    if let content = chunk.content, !content.isEmpty { events.append(.content(content)) }
    for fragment in chunk.toolCallFragments { toolCalls.add(fragment) }
    if let usage = chunk.usage { events.append(.usage(usage)) }
    if let error = chunk.error {
      end(with: .streamError(error), into: &events)
      return
    }
    guard let reason = chunk.finishReason, !reason.isEmpty else { return }
    let finishReason = FinishReason(rawValue: reason)
    if finishReason == .error {
      let error = ProviderError(code: nil, message: "The provider ended the reply with an error.")
      end(with: .streamError(error), into: &events)
      return
    }
    self.finishReason = finishReason
    sendToolCalls(into: &events)
  }

  private mutating func sendToolCalls(into events: inout [ChatStreamEvent]) {
    guard toolCalls.hasNewFragments else { return }
    events.append(.toolCalls(toolCalls.takeCompletedCalls()))
  }
}
