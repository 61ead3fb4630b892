import Foundation
import Storage

/// Finding the messages a chat screen shows, and removing one.
extension Array where Element == ChatMessage {
  /// The shown message `id`, when it has `role`.
  func message(_ id: UUID, role: MessageRole) -> ChatMessage? {
    first { $0.id == id && $0.role == role }
  }

  /// The index of the newest shown message `id`.
  func lastIndex(id: UUID) -> Int? {
    lastIndex { $0.id == id }
  }

  /// Removes the message `id`, attaching its replies to the message before it.
  mutating func removeReattaching(_ id: UUID) {
    guard let index = firstIndex(where: { $0.id == id }) else { return }
    let removed = remove(at: index)
    for child in indices where self[child].parentID == id {
      self[child].parentID = removed.parentID
    }
  }
}

extension ChatMessage {
  /// Takes the text (and reasoning, if any) streamed so far.
  mutating func showStreamed(_ content: String, _ reasoning: String) {
    text = content
    if !reasoning.isEmpty { self.reasoning = reasoning }
  }
}
