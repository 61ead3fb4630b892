import Foundation
import Localization
import Storage

/// A conversation's active branch as plain text, for the clipboard: each message under its
/// role ("You", "AI"), oldest first, separated by blank lines.
struct ConversationTranscript: Sendable {
  let conversationID: UUID
  let messages: any MessageRepository
  /// Messages read per page.
  var pageSize = 200

  /// The text of the whole active branch, read from storage.
  /// - Throws: the repository's error.
  func text() async throws -> String {
    var collected: [MessageDTO] = []
    var cursor: MessageCursor?
    repeat {
      let page = try await messages.page(
        conversationID: conversationID, before: cursor, limit: pageSize)
      collected += page.items
      cursor = page.next
    } while cursor != nil
    return collected.reversed().compactMap(Self.entry).joined(separator: "\n\n")
  }

  private static func entry(_ message: MessageDTO) -> String? {
    let role: String
    switch message.role {
    case .user: role = L10n.Chat.roleUser
    case .assistant: role = L10n.Chat.roleAssistant
    default: return nil
    }
    return role + ":\n" + message.text
  }
}
