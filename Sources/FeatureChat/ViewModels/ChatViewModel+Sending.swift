import Core
import Foundation
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

  /// `bytes` for people: "1.5 MiB", "12 KiB", "300 bytes".
  public nonisolated static func byteCount(_ bytes: Int) -> String {
    MessageSizeLimit.byteCount(bytes)
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

  /// Runs a `ReplyTurn` that answers the user message `prepare` stores or finds, and shows
  /// how it ended. When nothing could be stored, `text` (if any) goes back to the input.
  private func replyAfterPreparing(
    _ failure: String, restoring text: String?, checksCancellation: Bool,
    _ prepare: () async throws -> MessageDTO
  ) async -> ReplyResult {
    state = .sending
    let ending = await turn.run(
      failure, checksCancellation: checksCancellation, screen: turnScreen, prepare: prepare)
    if ending.returnsInput, let text { restoreInput(text) }
    if let stored = ending.storedReply {
      replace(with: stored)
      usage.add(stored)
    } else if let id = ending.replyID, let index = messages.lastIndex(where: { $0.id == id }) {
      messages[index].status = .failed
    }
    state = ending.state
    if ending.isBlockedByFreeTier { onRequireSubscription() }
    if ending.replyID != nil { await refreshConversation() }
    return finished(ending.result)
  }

  private func sendBody(_ text: String) async -> ReplyResult? {
    if let refusal = refusingOversized(text, restoring: true) { return refusal }
    return await replyAfterPreparing("store a message", restoring: text, checksCancellation: true) {
      let isFirstMessage = messages.isEmpty && !pages.hasOlderPages
      // After the message this view last saw, or not at all: another process may have
      // added to the conversation since (`kiln ask --conversation` run in parallel).
      let user = try await store.appendUserMessage(
        text, after: messages.last?.id, newestShown: messages.last?.createdAt)
      messages.append(ChatMessage(user))
      if isFirstMessage, await followUps.nameConversation(conversation, from: text) {
        await refreshConversation()
      }
      if let memory = await followUps.rememberFact(in: text) { lastSavedMemory = memory }
      return user
    }
  }

  private func retryBody() async -> ReplyResult? {
    guard let last = messages.last, last.isRetryableReply || last.role == .user else {
      return nil
    }
    return await replyAfterPreparing("retry a reply", restoring: nil, checksCancellation: false) {
      if last.role == .user { return try await store.require(last.id) }
      let user = try await store.require(last.parentID)
      try await branches.retire(last)
      messages.removeAll { $0.id == last.id }
      return user
    }
  }

  private func regenerateBody(_ messageID: UUID) async -> ReplyResult? {
    guard let reply = messages.first(where: { $0.id == messageID }), reply.role == .assistant
    else { return nil }
    return await replyAfterPreparing(
      "regenerate a reply", restoring: nil, checksCancellation: false
    ) {
      let user = try await store.require(reply.parentID)
      try await branches.setAside(reply)
      try await reloadMessages()
      return user
    }
  }

  private func editBody(_ messageID: UUID, _ text: String) async -> ReplyResult? {
    guard let original = messages.first(where: { $0.id == messageID }), original.role == .user
    else { return nil }
    if let refusal = refusingOversized(text, restoring: false) { return refusal }
    return await replyAfterPreparing("edit a message", restoring: nil, checksCancellation: true) {
      let user = try await branches.replace(original) {
        try await store.appendVersion(
          text, parentID: original.parentID, newestShown: messages.last?.createdAt)
      }
      try await reloadMessages()
      return user
    }
  }

  // MARK: - Outcomes that end before a reply exists

  /// A validation failure for a message longer than `maximumMessageBytes`, or `nil` when it
  /// fits; nothing is stored or counted for it.
  private func refusingOversized(_ text: String, restoring: Bool) -> ReplyResult? {
    let limit = MessageSizeLimit(maximumBytes: configuration.maximumMessageBytes)
    guard let error = limit.refusal(for: text) else { return nil }
    if restoring { restoreInput(text) }
    state = .failed(ChatFailure(error))
    return finished(ReplyResult(conversationID: conversationID, error: error))
  }

  func finished(_ result: ReplyResult) -> ReplyResult {
    lastReply = result
    return result
  }

  /// Puts text that could not be sent back into the input, before anything typed since.
  func restoreInput(_ text: String) {
    inputText = inputText.isEmpty ? text : text + "\n" + inputText
  }

  /// Reads the stored conversation again and tells `onConversationUpdated`.
  func refreshConversation() async {
    do {
      guard let stored = try await conversations.get(id: conversationID) else { return }
      conversation = stored
      onConversationUpdated(stored)
    } catch {
      log("read a conversation", error)
    }
  }
}
