import FeatureChat
import Foundation
import Observation
import Storage

/// Follows one reply of a `ChatViewModel` through Observation, as a SwiftUI view would, and
/// hands each new piece of its text to `onText`.
///
/// The reply is the newest assistant message that was not there when following began, or
/// the reply `attaching` names (one already streaming, when the user opens its conversation
/// again). Streamed text only grows, so each change hands on the part not seen yet.
@MainActor
final class ReplyFollower {
  private let chat: ChatViewModel
  private let existing: Set<UUID>
  private let onText: @MainActor (String) -> Void
  private var delivered = ""
  private var isActive = true

  init(
    chat: ChatViewModel, attaching replyID: UUID? = nil,
    onText: @escaping @MainActor (String) -> Void
  ) {
    self.chat = chat
    var existing = Set(chat.messages.map(\.id))
    if let replyID { existing.remove(replyID) }
    self.existing = existing
    self.onText = onText
    observe()
  }

  /// The reply being followed, once it exists.
  var reply: ChatMessage? {
    chat.messages.last { $0.role == .assistant && !existing.contains($0.id) }
  }

  /// Stops following and returns the text not handed on yet (the view model's final text
  /// is exact; everything when it no longer starts with what was shown, which a context
  /// retry can cause).
  func finish() -> String {
    isActive = false
    let text = reply?.text ?? ""
    guard text.hasPrefix(delivered) else { return "" }
    return String(text.dropFirst(delivered.count))
  }

  /// Stops following without handing anything more on.
  func stop() {
    isActive = false
  }

  private func observe() {
    guard isActive else { return }
    let text = withObservationTracking {
      reply?.text ?? ""
    } onChange: { [weak self] in
      Task { @MainActor in self?.observe() }
    }
    guard text.count > delivered.count, text.hasPrefix(delivered) else { return }
    let piece = String(text.dropFirst(delivered.count))
    delivered = text
    onText(piece)
  }
}
