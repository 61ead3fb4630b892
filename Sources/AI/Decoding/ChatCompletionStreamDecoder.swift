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
///
/// Memory is bounded by `limits`: a line or event past the line limit ends the stream with
/// `.streamError` (`line_too_long`), and reply text past the reply limit is cut there and
/// ends it with `.streamError` (`reply_too_large`), after the text that fits.
public struct ChatCompletionStreamDecoder: Sendable {
  private var parser: ServerSentEventParser
  private var toolCalls = ToolCallAccumulator()
  private var model: ModelID?
  private var finishReason: FinishReason?
  /// The limits this decoder keeps to.
  public let limits: ChatStreamLimits
  /// Bytes of content and reasoning text passed on so far.
  private var replyBytes = 0
  /// Whether the `.finished` event has been produced; later input is ignored.
  public private(set) var isFinished = false

  /// A decoder at the start of a stream, keeping to `limits`.
  public init(limits: ChatStreamLimits = .standard) {
    self.limits = limits
    self.parser = ServerSentEventParser(limits: limits.eventStream)
  }

  /// Decodes the next chunk of the body, appending the events it completed to `events`.
  public mutating func push(_ bytes: Data, into events: inout [ChatStreamEvent]) {
    guard !isFinished else { return }
    for event in parser.push(bytes) {
      handle(event, into: &events)
      if isFinished { return }
    }
    endIfParserStopped(into: &events)
  }

  /// Decodes the next chunk of the body, appending the events it completed to `events`.
  public mutating func push(_ bytes: [UInt8], into events: inout [ChatStreamEvent]) {
    guard !isFinished else { return }
    for event in parser.push(bytes) {
      handle(event, into: &events)
      if isFinished { return }
    }
    endIfParserStopped(into: &events)
  }

  private mutating func endIfParserStopped(into events: inout [ChatStreamEvent]) {
    guard let exceeded = parser.limitExceeded else { return }
    end(with: .streamError(.limitPassed(exceeded)), into: &events)
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
    if let reasoning = chunk.reasoning, !reasoning.isEmpty {
      guard keep(reasoning, as: ChatStreamEvent.reasoning, into: &events) else { return }
    }
    if let content = chunk.content, !content.isEmpty {
      guard keep(content, as: ChatStreamEvent.content, into: &events) else { return }
    }
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

  /// Passes `text` on as `event` while the reply stays within its limit; past it, passes on
  /// the part that fits (whole characters) and ends the stream. Returns whether it fit.
  private mutating func keep(
    _ text: String, as event: (String) -> ChatStreamEvent, into events: inout [ChatStreamEvent]
  ) -> Bool {
    let room = limits.maximumReplyBytes - replyBytes
    let size = text.utf8.count
    if size <= room {
      replyBytes += size
      events.append(event(text))
      return true
    }
    var cut = text.startIndex
    var used = 0
    while cut < text.endIndex {
      let next = text.index(after: cut)
      let length = text.utf8.distance(from: cut, to: next)
      guard used + length <= room else { break }
      used += length
      cut = next
    }
    if cut > text.startIndex {
      replyBytes += used
      events.append(event(String(text[..<cut])))
    }
    end(with: .streamError(.replyTooLarge(limit: limits.maximumReplyBytes)), into: &events)
    return false
  }

  private mutating func sendToolCalls(into events: inout [ChatStreamEvent]) {
    guard toolCalls.hasNewFragments else { return }
    events.append(.toolCalls(toolCalls.takeCompletedCalls()))
  }
}
