import Core
import Foundation
import Storage

extension ChatViewModel {
  /// Tells the model a message became visible; near the oldest loaded one, older ones load.
  public func messageAppeared(_ messageID: UUID) async {
    guard let index = messages.firstIndex(where: { $0.id == messageID }),
      services.pages.shouldLoadOlder(appearedAt: index, count: messages.count)
    else { return }
    await loadEarlierMessages()
  }

  /// Loads the next page of older messages (also retries a page that failed).
  public func loadEarlierMessages() async {
    guard loadState == .loaded else { return }
    let older = await services.pages.olderPage(excluding: Set(messages.map(\.id)))
    guard !older.isEmpty else { return }
    messages.insert(contentsOf: older, at: 0)
  }

  /// Deletes the message `messageID`, stopping it first if it is streaming; its replies
  /// attach to the message before it.
  public func deleteMessageButtonTapped(messageID: UUID) async {
    if let reply = messages.last, reply.id == messageID, reply.isStreaming {
      stopButtonTapped()
    }
    await actions.perform {
      guard self.messages.contains(where: { $0.id == messageID }) else { return }
      do {
        try await self.services.store.repository.deleteMessage(id: messageID)
        self.messages.removeReattaching(messageID)
        self.usage = try await self.services.store.usage()
        if case .failed(let failure) = self.state, failure.messageID == messageID {
          self.state = .idle
        }
      } catch {
        self.state = .failed(ChatFailure(self.log("delete a message", error)))
      }
    }
  }

  /// Every version of the message `messageID` (edits, regenerations), oldest first.
  public func versions(of messageID: UUID) async throws -> [ChatMessage] {
    do { return try await services.branches.versions(of: messageID) } catch {
      throw log("list message versions", error)
    }
  }

  /// Shows the branch through the version `messageID` (from `versions(of:)`).
  public func showVersion(_ messageID: UUID) async {
    await actions.perform {
      do {
        try await self.services.branches.show(messageID)
        try await self.reloadMessages()
        self.state = .idle
      } catch {
        self.state = .failed(ChatFailure(self.log("switch versions", error)))
      }
    }
  }

  /// The text to put on the clipboard for one message, or `nil` for an unknown id.
  public func copyText(messageID: UUID) -> String? {
    messages.first { $0.id == messageID }?.text
  }

  /// The whole active branch as plain text, oldest first, each message under its role
  /// ("You", "AI"); reads pages not loaded yet. Throws `AppError` when storage fails.
  public func conversationText() async throws -> String {
    do { return try await services.transcript.text() } catch {
      throw log("read a conversation for copying", error)
    }
  }
}
