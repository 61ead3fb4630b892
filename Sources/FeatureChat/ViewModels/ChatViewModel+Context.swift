import AI
import Core
import Foundation
import Storage

extension ChatViewModel {
  /// One message of the history a request may carry.
  struct HistoryItem {
    var role: LLMMessage.Role
    var text: String

    var tokens: Int { TokenEstimate.messageTokens(text) }
  }

  /// The request for a reply to `user`: the persona's prompt and the remembered facts as
  /// the system message, then as much history as `budget` allows (oldest dropped first),
  /// ending with `user`; the persona id and the facts that fitted, for the proxy.
  func makeRequest(
    endingWith user: MessageDTO, budget: ContextBudget
  ) async
    -> ChatCompletionRequest
  {
    let persona = self.persona
    let system = SystemPrompt(
      personaPrompt: systemPromptOverride ?? persona.systemPrompt, memories: await memoryTexts(),
      memoryBudget: budget.memoryTokens)
    let systemTokens = system.text.map(TokenEstimate.messageTokens) ?? 0
    let history = await historyCandidates(
      endingWith: user, budget: budget.promptTokens - systemTokens)
    let kept = ContextTrimmer.keptRange(
      of: history, systemTokens: systemTokens, budget: budget.promptTokens, tokens: \.tokens,
      canLead: { $0.role == .user })
    var sent: [LLMMessage] = system.text.map { [.system($0)] } ?? []
    sent += history[kept].map { LLMMessage(role: $0.role, content: $0.text) }
    return ChatCompletionRequest(
      messages: sent, model: model,
      temperature: requestOptions.temperature ?? environment.configuration.temperature,
      topP: requestOptions.topP, maxTokens: requestOptions.maxTokens,
      personaID: persona.id.rawValue, memories: system.memories)
  }

  /// The active path up to and including `user`, oldest first, as far back as `budget`
  /// needs: the loaded messages, then older pages read from storage. Failed or stopped
  /// replies with no text and messages still in progress are left out.
  private func historyCandidates(
    endingWith user: MessageDTO, budget: Int
  ) async
    -> [HistoryItem]
  {
    guard let end = messages.lastIndex(where: { $0.id == user.id }) else {
      return [HistoryItem(role: .user, text: user.text)]
    }
    var items = messages[...end].compactMap { historyItem($0, isNewest: $0.id == user.id) }
    var tokens = items.reduce(0) { $0 + $1.tokens }
    guard paginator.state != .endReached, let oldest = messages.first else { return items }
    var cursor: MessageCursor? = cursor(of: oldest)
    while let before = cursor, tokens < budget {
      do {
        let page = try await environment.messages.page(
          conversationID: conversationID, before: before,
          limit: environment.configuration.pageSize)
        let older = page.items.reversed().compactMap {
          historyItem(ChatMessage($0), isNewest: false)
        }
        items.insert(contentsOf: older, at: 0)
        tokens += older.reduce(0) { $0 + $1.tokens }
        cursor = page.next
      } catch {
        log("read older messages for context", error)
        break
      }
    }
    return items
  }

  private func historyItem(_ message: ChatMessage, isNewest: Bool) -> HistoryItem? {
    if isNewest { return HistoryItem(role: .user, text: message.text) }
    guard !message.status.isInProgress, !message.text.isEmpty else { return nil }
    switch message.role {
    case .user: return HistoryItem(role: .user, text: message.text)
    case .assistant: return HistoryItem(role: .assistant, text: message.text)
    default: return nil
    }
  }

  /// The page cursor just after `message`.
  func cursor(of message: ChatMessage) -> MessageCursor {
    MessageDTO(
      id: message.id, conversationID: conversationID, role: message.role, text: "",
      createdAt: message.createdAt
    ).cursor
  }

  /// Remembered facts, newest first; none when they cannot be read.
  private func memoryTexts() async -> [String] {
    do {
      return try await environment.memories.list().map(\.text)
    } catch {
      log("read memories", error)
      return []
    }
  }
}
