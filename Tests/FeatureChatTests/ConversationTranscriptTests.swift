import Core
import Foundation
import Localization
import Storage
import TestSupport
import Testing

@testable import FeatureChat

/// The clipboard text of a conversation, read from storage page by page.
@Suite struct ConversationTranscriptTests {
  @Test func everyPageOfTheActiveBranchIsCopiedOldestFirstUnderItsRole() async throws {
    let clock = ManualClock()
    let uuid = UUIDGenerator.incrementing(from: 1)
    let store = InMemoryChatStore(clock: clock.appClock, uuid: uuid)
    let conversation = try await store.create(title: "Chat", personaName: nil, personaID: nil)
    var parent: UUID?
    for index in 0..<5 {
      let message = try await store.append(
        MessageDTO(
          id: uuid(), conversationID: conversation.id, parentID: parent,
          role: index.isMultiple(of: 2) ? .user : .assistant, text: "t\(index)",
          createdAt: clock.now.addingTimeInterval(Double(index))))
      parent = message.id
    }
    let transcript = ConversationTranscript(
      conversationID: conversation.id, messages: store, pageSize: 2)

    let you = L10n.Chat.roleUser
    let ai = L10n.Chat.roleAssistant
    #expect(
      try await transcript.text()
        == "\(you):\nt0\n\n\(ai):\nt1\n\n\(you):\nt2\n\n\(ai):\nt3\n\n\(you):\nt4")
  }
}
