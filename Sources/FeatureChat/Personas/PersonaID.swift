/// The personas that ship with Kiln, by stable identifier.
///
/// The raw value is what a conversation stores (`ConversationDTO.personaID`) and what the
/// proxy receives as `persona`; it never changes once shipped. A typo in code is a compile
/// error; an unknown stored value (a removed or future persona) maps to `nil` through
/// `PersonaID(rawValue:)` and falls back to the default persona.
public enum PersonaID: String, CaseIterable, Sendable, Codable {
  /// A friendly general assistant: the default.
  case generalAssistant = "general"
  /// An expert in Swift, Apple platforms and server-side Swift.
  case swiftExpert = "swift-expert"
  /// A coach who improves the user's writing.
  case writingCoach = "writing-coach"
  /// A translator between languages.
  case translator = "translator"
}
