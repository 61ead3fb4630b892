import Core
import Foundation
import Storage

extension ChatViewModel {
  // MARK: - Paging

  /// Tells the model a message became visible; when it is within the prefetch threshold
  /// of the oldest loaded message, the next older page loads.
  public func messageAppeared(_ messageID: UUID) async {
    guard let index = messages.firstIndex(where: { $0.id == messageID }),
      pages.shouldLoadOlder(appearedAt: index, count: messages.count)
    else { return }
    await loadEarlierMessages()
  }

  /// Loads the next page of older messages (also retries a page that failed).
  public func loadEarlierMessages() async {
    guard loadState == .loaded else { return }
    let older = await pages.olderPage(excluding: Set(messages.map(\.id)))
    guard !older.isEmpty else { return }
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
      try await store.repository.deleteMessage(id: messageID)
      let removed = messages.remove(at: index)
      for child in messages.indices where messages[child].parentID == messageID {
        messages[child].parentID = removed.parentID
      }
      usage = try await store.usage()
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
      return try await branches.versions(of: messageID)
    } catch {
      throw log("list message versions", error)
    }
  }

  /// Shows the branch through the version `messageID` (from `versions(of:)`).
  public func showVersion(_ messageID: UUID) async {
    await perform {
      do {
        try await self.branches.show(messageID)
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
    do {
      return try await ConversationTranscript(
        conversationID: conversationID, messages: store.repository
      ).text()
    } catch {
      throw log("read a conversation for copying", error)
    }
  }
}
