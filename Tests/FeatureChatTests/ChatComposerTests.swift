import Foundation
import Storage
import Testing

@testable import FeatureChat

/// The composer holds what is being typed and the edit in progress.
@MainActor
@Suite struct ChatComposerTests {
  @Test func sendIsAvailableOnlyForTextThatIsNotBlank() {
    let composer = ChatComposer()
    #expect(!composer.canSend)
    composer.text = " \n\t "
    #expect(!composer.canSend)
    composer.text = " hi "
    #expect(composer.canSend)
  }

  @Test func takingBlankTextChangesNothing() {
    let composer = ChatComposer()
    let message = UUID()
    composer.startEditing(Self.userMessage(message, "draft"))
    composer.text = "  "
    #expect(composer.take() == nil)
    #expect(composer.text == "  ")
    #expect(composer.editingMessageID == message)
  }

  @Test func takingTextEmptiesTheComposerAndEndsTheEdit() {
    let composer = ChatComposer()
    let message = UUID()
    composer.startEditing(Self.userMessage(message, "Helo"))
    #expect(composer.isEditing)
    #expect(composer.text == "Helo")
    composer.text = " Hello \n"
    #expect(composer.take() == ChatComposer.Draft(text: "Hello", replacing: message))
    #expect(composer.text == "")
    #expect(!composer.isEditing)
  }

  @Test func restoredTextGoesBeforeWhatWasTypedSince() {
    let composer = ChatComposer()
    composer.restore("unsent")
    #expect(composer.text == "unsent")
    composer.text = "typed since"
    composer.restore("older")
    #expect(composer.text == "older\ntyped since")
  }

  private static func userMessage(_ id: UUID, _ text: String) -> ChatMessage {
    ChatMessage(
      MessageDTO(
        id: id, conversationID: id, role: .user, text: text,
        createdAt: Date(timeIntervalSince1970: 0)))
  }
}
