import AI
import Core
import Foundation
import Storage

/// Builds the request for a reply: the persona's prompt and the remembered facts as the
/// system message, then as much of the conversation as the context budget allows (oldest
/// dropped first), reading pages older than the loaded ones from storage when the budget
/// reaches back that far.
struct ReplyRequestBuilder: Sendable {
  /// What the request asks for besides its messages.
  struct Shape: Sendable {
    var persona: Persona
    /// Replaces the persona's prompt (`kiln ask -s`).
    var systemPromptOverride: String?
    var model: ModelID?
    /// The configured temperature, used when `options` sets none.
    var temperature: Double?
    var options = ChatRequestOptions()
  }

  /// One message of the history a request may carry.
  struct HistoryItem {
    var role: LLMMessage.Role
    var text: String

    var tokens: Int { TokenEstimate.messageTokens(text) }
  }

  let conversationID: UUID
  let messages: any MessageRepository
  let memories: any MemoryRepository
  /// Messages per page read from storage.
  let pageSize: Int
  let logger: AppLogger

  /// The request for a reply to `user`, ending with it. `loaded` is the active path as
  /// shown, oldest first; `hasOlderPages` says whether storage holds messages before it.
  func request(
    endingWith user: MessageDTO, loaded: [ChatMessage], hasOlderPages: Bool, shape: Shape,
    budget: ContextBudget
  ) async -> ChatCompletionRequest {
    let system = SystemPrompt(
      personaPrompt: shape.systemPromptOverride ?? shape.persona.systemPrompt,
      memories: await memoryTexts(), memoryBudget: budget.memoryTokens)
    let systemTokens = system.text.map(TokenEstimate.messageTokens) ?? 0
    let history = await historyCandidates(
      endingWith: user, loaded: loaded, hasOlderPages: hasOlderPages,
      budget: budget.promptTokens - systemTokens)
    let kept = ContextTrimmer.keptRange(
      of: history, systemTokens: systemTokens, budget: budget.promptTokens, tokens: \.tokens,
      canLead: { $0.role == .user })
    var sent: [LLMMessage] = system.text.map { [.system($0)] } ?? []
    sent += history[kept].map { LLMMessage(role: $0.role, content: $0.text) }
    return ChatCompletionRequest(
      messages: sent, model: shape.model,
      temperature: shape.options.temperature ?? shape.temperature, topP: shape.options.topP,
      maxTokens: shape.options.maxTokens, personaID: shape.persona.id.rawValue,
      memories: system.memories)
  }

  /// The active path up to and including `user`, oldest first, as far back as `budget`
  /// needs. Failed or stopped replies with no text and messages still in progress are left
  /// out.
  private func historyCandidates(
    endingWith user: MessageDTO, loaded: [ChatMessage], hasOlderPages: Bool, budget: Int
  ) async -> [HistoryItem] {
    guard let end = loaded.lastIndex(where: { $0.id == user.id }) else {
      return [HistoryItem(role: .user, text: user.text)]
    }
    var items = loaded[...end].compactMap { Self.historyItem($0, isNewest: $0.id == user.id) }
    var tokens = items.reduce(0) { $0 + $1.tokens }
    guard hasOlderPages, let oldest = loaded.first else { return items }
    var cursor: MessageCursor? = oldest.cursor(in: conversationID)
    while let before = cursor, tokens < budget {
      do {
        let page = try await messages.page(
          conversationID: conversationID, before: before, limit: pageSize)
        let older = page.items.reversed().compactMap {
          Self.historyItem(ChatMessage($0), isNewest: false)
        }
        items.insert(contentsOf: older, at: 0)
        tokens += older.reduce(0) { $0 + $1.tokens }
        cursor = page.next
      } catch {
        logger.chatFailure("read older messages for context", error)
        break
      }
    }
    return items
  }

  private static func historyItem(_ message: ChatMessage, isNewest: Bool) -> HistoryItem? {
    if isNewest { return HistoryItem(role: .user, text: message.text) }
    guard !message.status.isInProgress, !message.text.isEmpty else { return nil }
    switch message.role {
    case .user: return HistoryItem(role: .user, text: message.text)
    case .assistant: return HistoryItem(role: .assistant, text: message.text)
    default: return nil
    }
  }

  /// Remembered facts, newest first; none when they cannot be read.
  private func memoryTexts() async -> [String] {
    do {
      return try await memories.list().map(\.text)
    } catch {
      logger.chatFailure("read memories", error)
      return []
    }
  }
}

extension ChatMessage {
  /// The page cursor just after this message of the conversation `conversationID`.
  func cursor(in conversationID: UUID) -> MessageCursor {
    MessageDTO(
      id: id, conversationID: conversationID, role: role, text: "", createdAt: createdAt
    ).cursor
  }
}
