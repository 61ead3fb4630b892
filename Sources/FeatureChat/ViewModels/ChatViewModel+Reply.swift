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

extension ChatViewModel {
  /// Streams a reply to the stored user message `user` into a new assistant message.
  ///
  /// The reply is stored (status `streaming`) before the request leaves; its text is
  /// written through a `StreamingMessageWriter` (at least every `persistInterval`) and
  /// shown in `messages` through a `ReplyTextRelay` (at most `maxUpdatesPerSecond`); the
  /// stream is read off the main actor by a `ReplyPump`.
  /// When the stream ends the final text, status, model, finish reason and token counts are
  /// stored: `complete`, `cancelled` (stopped; text kept) or `failed` (text kept, error code
  /// stored). A provider that says the context is too long before sending anything is asked
  /// once more with half the context budget.
  func streamReply(to user: MessageDTO, ticket: FreeTierTicket) async -> ReplyResult {
    var result = ReplyResult(conversationID: conversationID, userMessageID: user.id)
    guard !Task.isCancelled else {
      await environment.freeTier.release(ticket)
      state = .idle
      result.error = .cancelled
      return finished(result)
    }
    let placeholder: MessageDTO
    do {
      // Only as the next message after `user`: a message another process added in between
      // would otherwise make this reply its sibling and fork the conversation.
      let stored = try await environment.messages.append(
        chain: [
          MessageDTO(
            id: environment.uuid(), conversationID: conversationID, parentID: user.id,
            role: .assistant, text: "", createdAt: nextTimestamp(), status: .streaming)
        ], after: user.id)
      guard let first = stored.first else { throw AppError.notFound }
      placeholder = first
    } catch {
      return await failedBeforeReply(ticket, log("store a reply", error), user: user.id)
    }
    messages.append(ChatMessage(placeholder))
    result.replyMessageID = placeholder.id

    let configuration = environment.configuration
    let writer = StreamingMessageWriter(
      repository: environment.messages, message: placeholder, clock: environment.clock,
      interval: configuration.persistInterval, logger: environment.logger)
    let relay = ReplyTextRelay(
      clock: environment.clock, maxPerSecond: configuration.maxUpdatesPerSecond)
    let shown = ShownSequence()
    let pump = ReplyPump(
      client: environment.client, writer: writer, relay: relay, clock: environment.clock,
      logger: environment.logger,
      show: { [weak self] snapshot in
        guard snapshot.sequence > shown.value else { return }
        shown.value = snapshot.sequence
        self?.showStreamedText(snapshot.content, snapshot.reasoning, in: placeholder.id)
      },
      accepted: { [weak self] remaining in
        await self?.environment.freeTier.commit(ticket, serverRemaining: remaining)
      })

    var progress = await pump.run(
      makeRequest(endingWith: user, budget: configuration.contextBudget))
    if progress.reply.content.isEmpty, progress.reply.reasoning.isEmpty,
      let outcome = progress.reply.outcome, ContextOverflow.isOverflow(outcome),
      !Task.isCancelled
    {
      relay.restart()
      progress = await pump.run(
        makeRequest(endingWith: user, budget: configuration.contextBudget.halved()))
    }
    relay.finish()
    // The exact final text, whatever the relay showed last; a snapshot still on its way to
    // the main actor is older and must not replace it.
    shown.value = .max
    showStreamedText(progress.reply.content, progress.reply.reasoning, in: placeholder.id)
    return await finishReply(
      progress, placeholder: placeholder, writer: writer, ticket: ticket, result: result)
  }

  /// Stores the end of the reply and settles state, free tier and usage.
  private func finishReply(
    _ consumption: ReplyPump.Result, placeholder: MessageDTO, writer: StreamingMessageWriter,
    ticket: FreeTierTicket, result: ReplyResult
  ) async -> ReplyResult {
    var result = result
    let reply = consumption.reply
    let outcome = reply.outcome ?? .cancelled
    let error = outcome.appError
    await settleFreeTier(ticket, outcome: outcome, accepted: consumption.wasAccepted)
    let status: MessageStatus =
      switch error {
      case nil: .complete
      case .cancelled?: .cancelled
      default: .failed
      }
    var storageError = consumption.storageError
    do {
      let stored = try await writer.finish(
        status: status, finishReason: reply.finishReason?.rawValue, model: reply.model?.rawValue,
        promptTokens: reply.usage?.promptTokens, completionTokens: reply.usage?.completionTokens,
        errorCode: status == .failed ? error?.code : nil)
      replace(with: stored)
      usage.add(stored)
    } catch {
      storageError = storageError ?? log("store a reply", error)
      if let index = messages.lastIndex(where: { $0.id == placeholder.id }) {
        messages[index].status = .failed
      }
    }
    let finalError = error ?? storageError
    result.reply = reply
    result.error = finalError
    if let finalError, finalError != .cancelled {
      state = .failed(ChatFailure(finalError, messageID: placeholder.id))
    } else {
      state = .idle
    }
    await refreshConversation()
    return finished(result)
  }

  /// Counts the message when the server accepted it, gives it back otherwise, and applies
  /// what the server said about the free tier.
  private func settleFreeTier(
    _ ticket: FreeTierTicket, outcome: ChatCompletionOutcome, accepted: Bool
  ) async {
    let freeTier = environment.freeTier
    if !accepted { await freeTier.release(ticket) }
    if case .httpError(let failure) = outcome, let remaining = failure.freeMessagesRemaining {
      freeTier.serverReported(remaining: remaining)
    }
    switch outcome.appError {
    case .freeQuotaExhausted?:
      freeTier.serverReportedExhaustion()
      onRequireSubscription()
    case .subscriptionRequired?:
      onRequireSubscription()
    default:
      break
    }
  }

  /// Shows streamed text in the reply `id` (one observable change); the conversation is
  /// then `streaming`.
  private func showStreamedText(_ content: String, _ reasoning: String, in id: UUID) {
    if state == .sending, !content.isEmpty || !reasoning.isEmpty { state = .streaming }
    guard let index = messages.lastIndex(where: { $0.id == id }) else { return }
    var message = messages[index]
    message.text = content
    if !reasoning.isEmpty { message.reasoning = reasoning }
    messages[index] = message
    streamedTextUpdates += 1
  }

  /// Replaces the shown message with its stored form.
  func replace(with stored: MessageDTO) {
    guard let index = messages.lastIndex(where: { $0.id == stored.id }) else { return }
    messages[index] = ChatMessage(stored)
  }
}
