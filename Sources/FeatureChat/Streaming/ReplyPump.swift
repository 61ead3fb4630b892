import AI
import Core
import Foundation
import Storage

/// Reads one reply's stream off the main actor: folds the events into a reply, writes the
/// text through the `StreamingMessageWriter`, and hands it to the `ReplyTextRelay`, so the
/// main actor is visited a few times per reply and at most `maxUpdatesPerSecond` times a
/// second, not once per token.
struct ReplyPump: Sendable {
  /// What reading the stream produced.
  struct Result: Sendable {
    /// Every event folded in; `outcome` is set.
    var reply = ChatCompletionReply()
    /// Whether the server accepted the request (any event before the end arrived).
    var wasAccepted = false
    /// The first failure to write the growing text.
    var storageError: AppError?
  }

  let client: any ChatCompletionStreaming
  let writer: StreamingMessageWriter
  let relay: ReplyTextRelay
  let clock: AppClock
  let logger: AppLogger
  /// Shows text on the main actor.
  let show: @MainActor @Sendable (ReplyTextRelay.Snapshot) -> Void
  /// Told once, on the main actor, that the server accepted the request, with the free
  /// messages it said are left.
  let accepted: @MainActor @Sendable (Int?) async -> Void

  /// Reads the reply to `request` to its end. Cancelling the calling task stops it: text
  /// that was already buffered is then neither shown nor stored.
  @concurrent
  func run(_ request: ChatCompletionRequest) async -> Result {
    var result = Result()
    for await event in client.streamChatCompletion(request) {
      if Task.isCancelled, result.reply.outcome == nil {
        result.reply.apply(.finished(.cancelled))
        break
      }
      result.reply.apply(event)
      if case .finished = event { break }
      if !result.wasAccepted {
        result.wasAccepted = true
        await accepted(result.reply.responseInfo?.freeMessagesRemaining)
      }
      switch event {
      case .content(let text):
        await perform(relay.append(content: text))
        await write(&result) { try await writer.append(text) }
      case .reasoning(let text):
        await perform(relay.append(reasoning: text))
        await write(&result) { try await writer.appendReasoning(text) }
      default:
        continue
      }
    }
    return result
  }

  private func perform(_ action: ReplyTextRelay.Action) async {
    switch action {
    case .none:
      return
    case .show(let snapshot):
      await show(snapshot)
    case .armTimer(let deadline, let generation):
      let task = Task { [clock, relay, show] in
        do {
          try await clock.sleep(until: deadline)
        } catch {
          return  // The reply ended first; its owner shows the final text.
        }
        guard let snapshot = relay.timerFired(generation: generation) else { return }
        await show(snapshot)
      }
      relay.timerStarted(task, generation: generation)
    }
  }

  private func write(_ result: inout Result, _ operation: () async throws -> Void) async {
    do {
      try await operation()
    } catch {
      logger.error("store reply text", error, category: .feature)
      if result.storageError == nil { result.storageError = AppError.from(error) }
    }
  }
}
