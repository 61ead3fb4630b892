import Core
import Foundation
import Localization
import Storage

extension ChatViewModel {
  // MARK: - Paging

  /// Tells the model a message became visible; when it is within the prefetch threshold
  /// of the oldest loaded message, the next older page loads.
  public func messageAppeared(_ messageID: UUID) async {
    guard let index = messages.firstIndex(where: { $0.id == messageID }) else { return }
    // The paginator counts in load order: newest is 0.
    let loadOrderIndex = messages.count - 1 - index
    guard paginator.shouldLoadMore(visibleIndex: loadOrderIndex, totalCount: messages.count)
    else { return }
    await loadEarlierMessages()
  }

  /// Loads the next page of older messages (also retries a page that failed).
  public func loadEarlierMessages() async {
    guard loadState == .loaded else { return }
    let result = await paginator.loadNext(using: pageLoader)
    guard case .success(let page) = result, !page.isEmpty else { return }
    let known = Set(messages.map(\.id))
    let older = page.reversed().filter { !known.contains($0.id) }.map(ChatMessage.init)
    messages.insert(contentsOf: older, at: 0)
  }

  // MARK: - Deleting

  /// Deletes the message `messageID` (its replies stay and attach to the message before
  /// it). A reply that is streaming is stopped first.
  public func deleteMessageButtonTapped(messageID: UUID) async {
    if let reply = messages.last, reply.id == messageID, reply.isStreaming {
      stopButtonTapped()
    }
    await perform { await self.deleteBody(messageID) }
  }

  private func deleteBody(_ messageID: UUID) async {
    guard let index = messages.firstIndex(where: { $0.id == messageID }) else { return }
    do {
      try await environment.messages.deleteMessage(id: messageID)
      let removed = messages.remove(at: index)
      for child in messages.indices where messages[child].parentID == messageID {
        messages[child].parentID = removed.parentID
      }
      let all = try await environment.messages.allMessages(conversationID: conversationID)
      usage = ConversationUsage(messages: all)
      if case .failed(let failure) = state, failure.messageID == messageID { state = .idle }
    } catch {
      state = .failed(ChatFailure(log("delete a message", error)))
    }
  }

  // MARK: - Versions

  /// Every version of the message `messageID` (edits of a user message, regenerations of
  /// a reply), oldest first, the shown one included.
  public func versions(of messageID: UUID) async throws -> [ChatMessage] {
    do {
      return try await environment.messages.alternatives(to: messageID).map(ChatMessage.init)
    } catch {
      throw log("list message versions", error)
    }
  }

  /// Shows the branch through the version `messageID` (from `versions(of:)`).
  public func showVersion(_ messageID: UUID) async {
    await perform {
      do {
        try await self.environment.messages.activateBranch(messageID: messageID)
        try await self.reloadMessages()
        self.state = .idle
      } catch {
        self.state = .failed(ChatFailure(self.log("switch versions", error)))
      }
    }
  }

  // MARK: - Copying

  /// The text to put on the clipboard for one message, or `nil` for an unknown id.
  public func copyText(messageID: UUID) -> String? {
    messages.first { $0.id == messageID }?.text
  }

  /// The whole active branch as plain text, oldest first: each message under its role
  /// ("You", "AI"), separated by blank lines. Reads pages not loaded yet from storage.
  /// - Throws: `AppError` when storage cannot be read.
  public func conversationText() async throws -> String {
    var collected: [MessageDTO] = []
    var cursor: MessageCursor?
    repeat {
      let page: (items: [MessageDTO], next: MessageCursor?)
      do {
        page = try await environment.messages.page(
          conversationID: conversationID, before: cursor, limit: 200)
      } catch {
        throw log("read a conversation for copying", error)
      }
      collected += page.items
      cursor = page.next
    } while cursor != nil
    return collected.reversed().compactMap(Self.transcriptEntry).joined(separator: "\n\n")
  }

  private static func transcriptEntry(_ message: MessageDTO) -> String? {
    let role: String
    switch message.role {
    case .user: role = L10n.Chat.roleUser
    case .assistant: role = L10n.Chat.roleAssistant
    default: return nil
    }
    return role + ":\n" + message.text
  }
}
