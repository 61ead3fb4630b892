/// A persona: who the assistant is in a conversation.
///
/// Direct providers receive `systemPrompt` as a `system` message; Kiln's proxy receives
/// `id` and applies its own copy of the prompt (ARCHITECTURE decision 7).
public struct Persona: Identifiable, Sendable, Equatable, Hashable {
  /// The stable identifier.
  public let id: PersonaID
  /// The name shown in pickers, the history list and search.
  public let displayName: String
  /// The instructions sent as the system message.
  public let systemPrompt: String

  /// A persona with the given parts.
  public init(id: PersonaID, displayName: String, systemPrompt: String) {
    self.id = id
    self.displayName = displayName
    self.systemPrompt = systemPrompt
  }
}
