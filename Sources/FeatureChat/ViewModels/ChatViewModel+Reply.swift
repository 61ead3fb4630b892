import AI
import Core
import Foundation
import Storage

extension ChatViewModel {
  /// Streams a reply to the stored user message `user` into a new assistant message.
  ///
  /// The reply is stored (status `streaming`) before the request leaves; `ReplyStreamer`
  /// writes and shows its text and stores how it ended. The model's state, usage and
  /// conversation then follow.
  func streamReply(to user: MessageDTO, ticket: FreeTierTicket) async -> ReplyResult {
    var result = ReplyResult(conversationID: conversationID, userMessageID: user.id)
    guard !Task.isCancelled else {
      await freeTier.release(ticket)
      state = .idle
      result.error = .cancelled
      return finished(result)
    }
    let placeholder: MessageDTO
    do {
      // Only as the next message after `user`: a message another process added in between
      // would otherwise make this reply its sibling and fork the conversation.
      placeholder = try await store.appendReplyPlaceholder(
        to: user, newestShown: messages.last?.createdAt)
    } catch {
      return await failedBeforeReply(ticket, log("store a reply", error), user: user.id)
    }
    messages.append(ChatMessage(placeholder))
    result.replyMessageID = placeholder.id

    let shape = ReplyRequestBuilder.Shape(
      persona: persona, systemPromptOverride: systemPromptOverride, model: model,
      temperature: configuration.temperature, options: requestOptions)
    let outcome = await streamer.stream(
      into: placeholder, ticket: ticket, budget: configuration.contextBudget,
      request: { budget in
        await self.requests.request(
          endingWith: user, loaded: self.messages, hasOlderPages: self.pages.hasOlderPages,
          shape: shape, budget: budget)
      },
      show: { [weak self] content, reasoning in
        self?.showStreamedText(content, reasoning, in: placeholder.id)
      },
      requireSubscription: { self.onRequireSubscription() })

    if let stored = outcome.stored {
      replace(with: stored)
      usage.add(stored)
    } else if let index = messages.lastIndex(where: { $0.id == placeholder.id }) {
      messages[index].status = .failed
    }
    result.reply = outcome.reply
    result.error = outcome.error
    if let error = outcome.error, error != .cancelled {
      state = .failed(ChatFailure(error, messageID: placeholder.id))
    } else {
      state = .idle
    }
    await refreshConversation()
    return finished(result)
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
