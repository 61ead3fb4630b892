import AI
import Core
import Foundation
import Localization
import Storage

extension ChatViewModel {
  /// Sends the input text, or saves the edit started by `editButtonTapped(messageID:)`,
  /// and returns when the reply ends. Blank input does nothing and returns `nil`.
  @discardableResult
  public func sendButtonTapped() async -> ReplyResult? {
    let text = inputText.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    inputText = ""
    if let messageID = editingMessageID {
      editingMessageID = nil
      return await edit(messageID: messageID, newText: text)
    }
    return await send(text)
  }

  /// Sends `text` as a user message and returns when its reply ends; `nil` for blank text.
  ///
  /// The message is stored before the request leaves. While another action runs, the
  /// message waits in `queuedMessages`. When the free tier blocks it, nothing is stored,
  /// the text goes back to `inputText`, `onRequireSubscription` is called and the result's
  /// error is `.freeQuotaExhausted`.
  @discardableResult
  public func send(_ text: String) async -> ReplyResult? {
    let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    queuedMessages.append(text)
    return await perform {
      if let index = self.queuedMessages.firstIndex(of: text) {
        self.queuedMessages.remove(at: index)
      }
      return await self.runReply(restoringOnFailure: text) { await self.sendBody(text) }
    }
  }

  /// Asks for a new reply where the last one failed or was stopped (the old one stays as
  /// an earlier version unless it is empty), or for the missing reply to the newest user
  /// message. `nil` when there is nothing to retry.
  @discardableResult
  public func retryButtonTapped() async -> ReplyResult? {
    await perform { await self.runReply { await self.retryBody() } }
  }

  /// Asks for a new version of the reply `messageID`; the old version and anything after
  /// it stay retrievable through `versions(of:)`.
  @discardableResult
  public func regenerateButtonTapped(messageID: UUID) async -> ReplyResult? {
    await perform { await self.runReply { await self.regenerateBody(messageID) } }
  }

  /// Starts editing the user message `messageID`: its text goes into `inputText`.
  public func editButtonTapped(messageID: UUID) {
    guard let message = messages.first(where: { $0.id == messageID }), message.role == .user
    else { return }
    editingMessageID = messageID
    inputText = message.text
  }

  /// Abandons the edit in progress.
  public func cancelEditButtonTapped() {
    editingMessageID = nil
    inputText = ""
  }

  /// Replaces the user message `messageID` with `newText` and asks for a reply to it. The
  /// old message and everything after it stay retrievable as an earlier branch.
  @discardableResult
  public func edit(messageID: UUID, newText: String) async -> ReplyResult? {
    let text = newText.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    return await perform {
      await self.runReply(restoringOnFailure: nil) { await self.editBody(messageID, text) }
    }
  }

  // MARK: - Bodies

  /// Runs `body` as the reply `stopButtonTapped()` cancels; `nil` results mean "nothing
  /// to do". A closed model does nothing.
  func runReply(
    restoringOnFailure text: String? = nil, _ body: @escaping @MainActor () async -> ReplyResult?
  ) async -> ReplyResult? {
    guard !isClosed else {
      return ReplyResult(conversationID: conversationID, error: .cancelled)
    }
    await loadIfNeeded()
    if case .failed(let error) = loadState {
      if let text { restoreInput(text) }
      state = .failed(ChatFailure(error))
      return finished(ReplyResult(conversationID: conversationID, error: error))
    }
    let task = Task { @MainActor in await body() }
    activeReply = task
    let result = await task.value
    activeReply = nil
    return result
  }

  private func sendBody(_ text: String) async -> ReplyResult? {
    if let refusal = refusingOversized(text, restoring: true) { return refusal }
    state = .sending
    guard let ticket = await environment.freeTier.reserve() else {
      return blockedByFreeTier(restoring: text)
    }
    guard !Task.isCancelled else { return await cancelledBeforeStoring(ticket, restoring: text) }
    let isFirstMessage = messages.isEmpty && paginator.state == .endReached
    let user: MessageDTO
    do {
      // After the message this view last saw, or not at all: another process may have
      // added to the conversation since (`kiln ask --conversation` run in parallel).
      let stored = try await environment.messages.append(
        chain: [
          MessageDTO(
            id: environment.uuid(), conversationID: conversationID, role: .user, text: text,
            createdAt: nextTimestamp())
        ], after: messages.last?.id)
      guard let first = stored.first else { throw AppError.notFound }
      user = first
    } catch {
      restoreInput(text)
      return await failedBeforeReply(ticket, log("store a message", error), user: nil)
    }
    messages.append(ChatMessage(user))
    if isFirstMessage { await deriveTitle(from: text) }
    await rememberFact(in: text)
    return await streamReply(to: user, ticket: ticket)
  }

  private func retryBody() async -> ReplyResult? {
    guard let last = messages.last, last.isRetryableReply || last.role == .user else {
      return nil
    }
    state = .sending
    guard let ticket = await environment.freeTier.reserve() else {
      return blockedByFreeTier(restoring: nil)
    }
    do {
      let user: MessageDTO
      if last.role == .user {
        user = try await requireMessage(last.id)
      } else {
        user = try await requireMessage(last.parentID)
        if last.text.isEmpty && (last.reasoning ?? "").isEmpty {
          try await environment.messages.deleteMessage(id: last.id)
        } else {
          try await environment.messages.detachFromActivePath(messageID: last.id)
        }
        messages.removeAll { $0.id == last.id }
      }
      return await streamReply(to: user, ticket: ticket)
    } catch {
      return await failedBeforeReply(ticket, log("retry a reply", error), user: nil)
    }
  }

  private func regenerateBody(_ messageID: UUID) async -> ReplyResult? {
    guard let reply = messages.first(where: { $0.id == messageID }), reply.role == .assistant
    else { return nil }
    state = .sending
    guard let ticket = await environment.freeTier.reserve() else {
      return blockedByFreeTier(restoring: nil)
    }
    do {
      let user = try await requireMessage(reply.parentID)
      try await environment.messages.detachFromActivePath(messageID: reply.id)
      try await reloadMessages()
      return await streamReply(to: user, ticket: ticket)
    } catch {
      return await failedBeforeReply(ticket, log("regenerate a reply", error), user: nil)
    }
  }

  private func editBody(_ messageID: UUID, _ text: String) async -> ReplyResult? {
    guard let original = messages.first(where: { $0.id == messageID }), original.role == .user
    else { return nil }
    if let refusal = refusingOversized(text, restoring: false) { return refusal }
    state = .sending
    guard let ticket = await environment.freeTier.reserve() else {
      return blockedByFreeTier(restoring: nil)
    }
    guard !Task.isCancelled else { return await cancelledBeforeStoring(ticket, restoring: nil) }
    let user: MessageDTO
    do {
      try await environment.messages.detachFromActivePath(messageID: original.id)
      do {
        user = try await environment.messages.append(
          MessageDTO(
            id: environment.uuid(), conversationID: conversationID, parentID: original.parentID,
            role: .user, text: text, createdAt: nextTimestamp()))
      } catch {
        await restoreBranch(through: original.id)
        throw error
      }
      try await reloadMessages()
    } catch {
      return await failedBeforeReply(ticket, log("edit a message", error), user: nil)
    }
    return await streamReply(to: user, ticket: ticket)
  }

  // MARK: - Outcomes that end before a reply exists

  func blockedByFreeTier(restoring text: String?) -> ReplyResult {
    if let text { restoreInput(text) }
    let error = AppError.freeQuotaExhausted(remaining: 0)
    state = .failed(ChatFailure(error))
    onRequireSubscription()
    return finished(ReplyResult(conversationID: conversationID, error: error))
  }

  /// A validation failure for a message longer than `maximumMessageBytes`, or `nil` when it
  /// fits; nothing is stored or counted for it.
  private func refusingOversized(_ text: String, restoring: Bool) -> ReplyResult? {
    let limit = environment.configuration.maximumMessageBytes
    let size = text.utf8.count
    guard size > limit else { return nil }
    if restoring { restoreInput(text) }
    let error = AppError.validation(
      message: "The message is \(Self.byteCount(size)); the most that can be sent is "
        + "\(Self.byteCount(limit)). Shorten it or send it in parts.")
    state = .failed(ChatFailure(error))
    return finished(ReplyResult(conversationID: conversationID, error: error))
  }

  /// `bytes` for people: "1.5 MiB", "12 KiB", "300 bytes".
  public nonisolated static func byteCount(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 20 { return "\(Double((bytes * 10) >> 20) / 10) MiB" }
    if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }

  func cancelledBeforeStoring(
    _ ticket: FreeTierTicket, restoring text: String?
  ) async -> ReplyResult {
    await environment.freeTier.release(ticket)
    if let text { restoreInput(text) }
    state = .idle
    return finished(ReplyResult(conversationID: conversationID, error: .cancelled))
  }

  func failedBeforeReply(
    _ ticket: FreeTierTicket, _ error: AppError, user: UUID?
  ) async -> ReplyResult {
    await environment.freeTier.release(ticket)
    state = error == .cancelled ? .idle : .failed(ChatFailure(error))
    return finished(ReplyResult(conversationID: conversationID, userMessageID: user, error: error))
  }

  func finished(_ result: ReplyResult) -> ReplyResult {
    lastReply = result
    return result
  }

  /// Puts text that could not be sent back into the input, before anything typed since.
  func restoreInput(_ text: String) {
    inputText = inputText.isEmpty ? text : text + "\n" + inputText
  }

  /// Puts the branch through `messageID` back after a failed edit, so the conversation
  /// looks as it did.
  private func restoreBranch(through messageID: UUID) async {
    do {
      try await environment.messages.activateBranch(messageID: messageID)
      try await reloadMessages()
    } catch {
      log("restore a branch after a failed edit", error)
    }
  }

  /// The stored message `id`.
  func requireMessage(_ id: UUID?) async throws -> MessageDTO {
    guard let id, let message = try await environment.messages.message(id: id) else {
      throw AppError.notFound
    }
    return message
  }

  /// Names a conversation still called "New Chat" after its first message.
  private func deriveTitle(from text: String) async {
    guard let conversation, conversation.title == L10n.Chat.defaultTitle,
      let title = ConversationTitle.derive(from: text)
    else { return }
    do {
      try await environment.conversations.rename(id: conversationID, title: title)
      await refreshConversation()
    } catch {
      log("name a conversation", error)
    }
  }

  /// Stores the fact a "remember that …" message asks for.
  private func rememberFact(in text: String) async {
    guard environment.configuration.extractsMemories, let fact = MemoryExtractor.fact(in: text)
    else { return }
    do {
      lastSavedMemory = try await environment.memories.add(text: fact, source: .assistant)
    } catch {
      log("save a memory", error)
    }
  }

  /// Reads the stored conversation again and tells `onConversationUpdated`.
  func refreshConversation() async {
    do {
      guard let stored = try await environment.conversations.get(id: conversationID) else {
        return
      }
      conversation = stored
      onConversationUpdated(stored)
    } catch {
      log("read a conversation", error)
    }
  }
}
