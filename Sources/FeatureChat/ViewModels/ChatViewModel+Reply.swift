import AI
import Core
import Foundation
import Storage

extension ChatViewModel {
  /// What a `ReplyTurn` does to this screen while it runs.
  var turnScreen: ReplyTurn.Screen {
    ReplyTurn.Screen(
      replyStored: { [weak self] reply in self?.messages.append(ChatMessage(reply)) },
      show: { [weak self] id, content, reasoning in
        self?.showStreamedText(content, reasoning, in: id)
      },
      request: { user, budget in await self.request(endingWith: user, budget: budget) },
      newestShown: { [weak self] in self?.messages.last?.createdAt },
      requireSubscription: { [weak self] in self?.onRequireSubscription() })
  }

  /// The request for a reply to `user` within `budget`, with this screen's persona, model
  /// and options.
  private func request(
    endingWith user: MessageDTO, budget: ContextBudget
  ) async -> ChatCompletionRequest {
    let shape = ReplyRequestBuilder.Shape(
      persona: persona, systemPromptOverride: systemPromptOverride, model: model,
      temperature: services.configuration.temperature, options: requestOptions)
    return await services.requests.request(
      endingWith: user, loaded: messages, hasOlderPages: services.pages.hasOlderPages, shape: shape,
      budget: budget)
  }

  /// Shows streamed text in the reply `id`; the conversation is then `streaming`.
  private func showStreamedText(_ content: String, _ reasoning: String, in id: UUID) {
    if state == .sending, !content.isEmpty || !reasoning.isEmpty { state = .streaming }
    guard let index = messages.lastIndex(id: id) else { return }
    messages[index].showStreamed(content, reasoning)
    streamedTextUpdates += 1
  }
}
