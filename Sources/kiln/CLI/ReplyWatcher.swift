import FeatureChat
import Foundation
import Observation
import Storage

/// Follows the reply a `ChatViewModel` is streaming and hands each new piece of its text to
/// `onText`, through Observation, exactly as a SwiftUI view would see it.
///
/// The reply is the newest assistant message that was not there when watching began. Text
/// only grows while streaming, so each change yields the part not yet handed on.
@MainActor
final class ReplyWatcher {
  private let chat: ChatViewModel
  private let existing: Set<UUID>
  private let onText: @MainActor (String) -> Void
  private var delivered = ""
  private var isActive = true

  init(chat: ChatViewModel, onText: @escaping @MainActor (String) -> Void) {
    self.chat = chat
    self.existing = Set(chat.messages.map(\.id))
    self.onText = onText
    observe()
  }

  /// The text handed on so far.
  var deliveredText: String { delivered }

  /// Stops watching; returns the part of `finalText` not yet handed on (all of it when the
  /// stream's text and the final text disagree, which a context retry can cause).
  func finish(finalText: String) -> String {
    isActive = false
    guard finalText.hasPrefix(delivered) else { return "" }
    return String(finalText.dropFirst(delivered.count))
  }

  private func observe() {
    guard isActive else { return }
    let text = withObservationTracking {
      reply()?.text ?? ""
    } onChange: { [weak self] in
      Task { @MainActor in self?.observe() }
    }
    guard text.count > delivered.count, text.hasPrefix(delivered) else { return }
    let piece = String(text.dropFirst(delivered.count))
    delivered = text
    onText(piece)
  }

  private func reply() -> ChatMessage? {
    chat.messages.last { $0.role == .assistant && !existing.contains($0.id) }
  }
}
