import Core
import Foundation
import Storage

extension ChatViewModel {
  /// Sends the composer's text, or saves the edit in progress, and returns when the reply
  /// ends. A blank composer does nothing and returns `nil`.
  @discardableResult
  public func sendButtonTapped() async -> ReplyResult? {
    guard let draft = composer.take() else { return nil }
    guard let messageID = draft.replacing else { return await send(draft.text) }
    return await edit(messageID: messageID, newText: draft.text)
  }

  /// Sends `text` and returns when its reply ends (`nil` for blank text); it waits in
  /// `queuedMessages` while another action runs. When the free tier blocks it, nothing is
  /// stored, the text goes back to the composer and `onRequireSubscription` is called.
  @discardableResult
  public func send(_ text: String) async -> ReplyResult? {
    let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    queuedMessages.append(text)
    return await actions.perform {
      if let index = self.queuedMessages.firstIndex(of: text) {
        self.queuedMessages.remove(at: index)
      }
      return await self.runReply(restoring: text) { await self.sendBody(text) }
    }
  }

  /// Asks again where the last reply failed or was stopped (a non-empty old one stays as an
  /// earlier version), or for the missing reply to the newest user message; `nil` when
  /// there is nothing to retry.
  @discardableResult
  public func retryButtonTapped() async -> ReplyResult? {
    await actions.perform { await self.runReply { await self.retryBody() } }
  }

  /// Asks for a new version of the reply `messageID`; the old one and what followed it
  /// stay in `versions(of:)`.
  @discardableResult
  public func regenerateButtonTapped(messageID: UUID) async -> ReplyResult? {
    await actions.perform { await self.runReply { await self.regenerateBody(messageID) } }
  }

  /// Starts editing the user message `messageID` in the composer.
  public func editButtonTapped(messageID: UUID) {
    guard let message = messages.message(messageID, role: .user) else { return }
    composer.startEditing(message)
  }

  /// Replaces the user message `messageID` with `newText` and asks for a reply; the old
  /// message and everything after it stay as an earlier branch.
  @discardableResult
  public func edit(messageID: UUID, newText: String) async -> ReplyResult? {
    let text = newText.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    return await actions.perform { await self.runReply { await self.editBody(messageID, text) } }
  }

  // MARK: - Bodies

  /// Loads, then runs `body` as the reply `stopButtonTapped()` cancels; a closed model does
  /// nothing.
  private func runReply(
    restoring text: String? = nil, _ body: @escaping @MainActor () async -> ReplyResult?
  ) async -> ReplyResult? {
    guard !runningReply.isClosed else {
      return ReplyResult(conversationID: conversationID, error: .cancelled)
    }
    await loadIfNeeded()
    if case .failed(let error) = loadState { return refused(error, restoring: text) }
    return await runningReply.run(body)
  }

  /// Runs a `ReplyTurn` answering the user message `prepare` stores or finds, and shows how
  /// it ended; when nothing could be stored, `text` (if any) goes back to the composer.
  private func replyAfterPreparing(
    _ failure: String, restoring text: String? = nil, checksCancellation: Bool = false,
    _ prepare: () async throws -> MessageDTO
  ) async -> ReplyResult {
    state = .sending
    let ending = await services.turn.run(
      failure, checksCancellation: checksCancellation, screen: turnScreen, prepare: prepare)
    if ending.returnsInput, let text { composer.restore(text) }
    if let stored = ending.storedReply {
      if let index = messages.lastIndex(id: stored.id) { messages[index] = ChatMessage(stored) }
      usage.add(stored)
    } else if let id = ending.replyID, let index = messages.lastIndex(id: id) {
      messages[index].status = .failed
    }
    state = ending.state
    if ending.isBlockedByFreeTier { onRequireSubscription() }
    if ending.replyID != nil { await refreshConversation() }
    lastReply = ending.result
    return ending.result
  }

  private func sendBody(_ text: String) async -> ReplyResult? {
    if let error = services.sizeLimit.refusal(for: text) { return refused(error, restoring: text) }
    return await replyAfterPreparing("store a message", restoring: text, checksCancellation: true) {
      let isFirstMessage = messages.isEmpty && !services.pages.hasOlderPages
      // After the message this view last saw, or not at all: another process may have
      // added to the conversation since (`kiln ask --conversation` run in parallel).
      let user = try await services.store.appendUserMessage(
        text, after: messages.last?.id, newestShown: messages.last?.createdAt)
      messages.append(ChatMessage(user))
      if isFirstMessage, await services.followUps.nameConversation(conversation, from: text) {
        await refreshConversation()
      }
      if let memory = await services.followUps.rememberFact(in: text) { lastSavedMemory = memory }
      return user
    }
  }

  private func retryBody() async -> ReplyResult? {
    guard let last = messages.last, last.isRetryableReply || last.role == .user else {
      return nil
    }
    return await replyAfterPreparing("retry a reply") {
      if last.role == .user { return try await services.store.require(last.id) }
      let user = try await services.store.require(last.parentID)
      try await services.branches.retire(last)
      messages.removeAll { $0.id == last.id }
      return user
    }
  }

  private func regenerateBody(_ messageID: UUID) async -> ReplyResult? {
    guard let reply = messages.message(messageID, role: .assistant) else { return nil }
    return await replyAfterPreparing("regenerate a reply") {
      let user = try await services.store.require(reply.parentID)
      try await services.branches.setAside(reply)
      try await reloadMessages()
      return user
    }
  }

  private func editBody(_ messageID: UUID, _ text: String) async -> ReplyResult? {
    guard let original = messages.message(messageID, role: .user) else { return nil }
    if let error = services.sizeLimit.refusal(for: text) { return refused(error, restoring: nil) }
    return await replyAfterPreparing("edit a message", checksCancellation: true) {
      let user = try await services.branches.replace(original) {
        try await services.store.appendVersion(
          text, parentID: original.parentID, newestShown: messages.last?.createdAt)
      }
      try await reloadMessages()
      return user
    }
  }

  /// Shows `error` for an action refused before anything was stored (a message too long, a
  /// conversation that cannot be read); `text` (if any) goes back to the composer.
  private func refused(_ error: AppError, restoring text: String?) -> ReplyResult {
    if let text { composer.restore(text) }
    state = .failed(ChatFailure(error))
    let result = ReplyResult(conversationID: conversationID, error: error)
    lastReply = result
    return result
  }

  /// Reads the stored conversation again and tells `onConversationUpdated`.
  func refreshConversation() async {
    do {
      guard let stored = try await services.conversations.get(id: conversationID) else { return }
      conversation = stored
      onConversationUpdated(stored)
    } catch {
      log("read a conversation", error)
    }
  }
}
