import Foundation
import Observation

/// The message being written on a chat screen: its text and, during an edit, the message it
/// replaces. `ChatViewModel.composer` owns one; a SwiftUI view binds its text field to it
/// (`@Bindable var composer = chat.composer`, then `$composer.text`), `kiln` sets `text`.
@MainActor @Observable
public final class ChatComposer {
  /// A message taken out of the composer to be sent.
  struct Draft: Equatable {
    /// The text, trimmed; never empty.
    let text: String
    /// The user message it replaces, for an edit.
    let replacing: UUID?
  }

  /// The text being typed.
  public var text = ""
  /// The user message being edited, set by `ChatViewModel.editButtonTapped(messageID:)`;
  /// the next `sendButtonTapped()` saves the edit.
  public internal(set) var editingMessageID: UUID?

  /// A composer with nothing typed.
  public init() {}

  /// Whether an edit is in progress.
  public var isEditing: Bool { editingMessageID != nil }

  /// Whether the send button does something: the text is not blank.
  public var canSend: Bool { !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }

  /// Abandons the edit in progress and clears the text.
  public func cancelEditButtonTapped() {
    editingMessageID = nil
    text = ""
  }

  /// Starts editing `message`: its text replaces what was typed.
  func startEditing(_ message: ChatMessage) {
    editingMessageID = message.id
    text = message.text
  }

  /// Empties the composer and returns what it held; `nil` (and nothing changes) when the
  /// text is blank.
  func take() -> Draft? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    let draft = Draft(text: trimmed, replacing: editingMessageID)
    text = ""
    editingMessageID = nil
    return draft
  }

  /// Puts text that could not be sent back, before anything typed since.
  func restore(_ unsent: String) {
    text = text.isEmpty ? unsent : unsent + "\n" + text
  }
}
