import AI
import Core
import Foundation
import Storage

/// The newest text sequence shown for one reply, so an older snapshot never replaces a
/// newer one.
@MainActor
private final class ShownSequence {
  var value = -1
}

/// Streams one reply into its stored placeholder and stores how it ended.
///
/// The text is written through a `StreamingMessageWriter` (at least every
/// `persistInterval`) and shown through a `ReplyTextRelay` (at most `maxUpdatesPerSecond`);
/// the stream is read off the main actor by a `ReplyPump`. When the stream ends the final
/// text, status, model, finish reason and token counts are stored: `complete`, `cancelled`
/// (stopped; text kept) or `failed` (text kept, error code stored). A provider that says the
/// context is too long before sending anything is asked once more with half the budget.
/// The free-tier ticket is committed when the server accepts the request and given back
/// when it never does.
@MainActor
struct ReplyStreamer {
  /// How a reply ended.
  struct Outcome {
    /// Every event folded in.
    var reply: ChatCompletionReply
    /// The reply as finally stored; `nil` when that write failed.
    var stored: MessageDTO?
    /// The reply's error, or else the first failure to store it; `nil` when it completed.
    var error: AppError?
  }

  let client: any ChatCompletionStreaming
  let messages: any MessageRepository
  let freeTier: FreeTierGate
  let clock: AppClock
  let logger: AppLogger
  let persistInterval: Duration
  let maxUpdatesPerSecond: Int

  /// Streams the reply to the request `request(budget)` into `placeholder`.
  /// - Parameters:
  ///   - show: shows the text so far (content, reasoning); the last call has the final text.
  ///   - requireSubscription: called when the server says a subscription is needed.
  func stream(
    into placeholder: MessageDTO, ticket: FreeTierTicket, budget: ContextBudget,
    request: @MainActor (ContextBudget) async -> ChatCompletionRequest,
    show: @escaping @MainActor @Sendable (String, String) -> Void,
    requireSubscription: @MainActor () -> Void
  ) async -> Outcome {
    let writer = StreamingMessageWriter(
      repository: messages, message: placeholder, clock: clock, interval: persistInterval,
      logger: logger)
    let relay = ReplyTextRelay(clock: clock, maxPerSecond: maxUpdatesPerSecond)
    let shown = ShownSequence()
    let pump = ReplyPump(
      client: client, writer: writer, relay: relay, clock: clock, logger: logger,
      show: { snapshot in
        guard snapshot.sequence > shown.value else { return }
        shown.value = snapshot.sequence
        show(snapshot.content, snapshot.reasoning)
      },
      accepted: { [freeTier] remaining in
        await freeTier.commit(ticket, serverRemaining: remaining)
      })

    var progress = await pump.run(await request(budget))
    if progress.reply.content.isEmpty, progress.reply.reasoning.isEmpty,
      let outcome = progress.reply.outcome, ContextOverflow.isOverflow(outcome),
      !Task.isCancelled
    {
      relay.restart()
      progress = await pump.run(await request(budget.halved()))
    }
    relay.finish()
    // The exact final text, whatever the relay showed last; a snapshot still on its way to
    // the main actor is older and must not replace it.
    shown.value = .max
    show(progress.reply.content, progress.reply.reasoning)
    return await finish(progress, writer: writer, ticket: ticket, requireSubscription)
  }

  /// Settles the free tier and stores the end of the reply.
  private func finish(
    _ progress: ReplyPump.Result, writer: StreamingMessageWriter, ticket: FreeTierTicket,
    _ requireSubscription: @MainActor () -> Void
  ) async -> Outcome {
    let reply = progress.reply
    let outcome = reply.outcome ?? .cancelled
    let error = outcome.appError
    await settleFreeTier(ticket, outcome: outcome, accepted: progress.wasAccepted) {
      requireSubscription()
    }
    let status: MessageStatus =
      switch error {
      case nil: .complete
      case .cancelled?: .cancelled
      default: .failed
      }
    var storageError = progress.storageError
    var stored: MessageDTO?
    do {
      stored = try await writer.finish(
        status: status, finishReason: reply.finishReason?.rawValue, model: reply.model?.rawValue,
        promptTokens: reply.usage?.promptTokens, completionTokens: reply.usage?.completionTokens,
        errorCode: status == .failed ? error?.code : nil)
    } catch {
      storageError = storageError ?? logger.chatFailure("store a reply", error)
    }
    return Outcome(reply: reply, stored: stored, error: error ?? storageError)
  }

  /// Counts the message when the server accepted it, gives it back otherwise, and applies
  /// what the server said about the free tier.
  private func settleFreeTier(
    _ ticket: FreeTierTicket, outcome: ChatCompletionOutcome, accepted: Bool,
    _ requireSubscription: @MainActor () -> Void
  ) async {
    if !accepted { await freeTier.release(ticket) }
    if case .httpError(let failure) = outcome, let remaining = failure.freeMessagesRemaining {
      freeTier.serverReported(remaining: remaining)
    }
    switch outcome.appError {
    case .freeQuotaExhausted?:
      freeTier.serverReportedExhaustion()
      requireSubscription()
    case .subscriptionRequired?:
      requireSubscription()
    default:
      break
    }
  }
}
