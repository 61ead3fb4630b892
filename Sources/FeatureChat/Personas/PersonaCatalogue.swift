/// The built-in personas, in the order a picker lists them.
///
/// Each `PersonaID` has exactly one entry; `PersonaCatalogueTests` locks ids, names and
/// prompts together (no duplicates, no orphans, every id resolves to its own entry).
public enum PersonaCatalogue {
  /// The persona a new conversation uses unless the user picks another.
  public static let defaultPersona = persona(.generalAssistant)

  /// Every built-in persona, in picker order.
  public static let all: [Persona] = [
    persona(.generalAssistant),
    persona(.swiftExpert),
    persona(.writingCoach),
    persona(.translator),
  ]

  /// The persona stored as `rawID` (a `ConversationDTO.personaID`), or `nil` when the value
  /// is missing or names no built-in persona.
  public static func persona(rawID: String?) -> Persona? {
    rawID.flatMap(PersonaID.init(rawValue:)).map(persona)
  }

  /// The persona for `id`.
  public static func persona(_ id: PersonaID) -> Persona {
    switch id {
    case .generalAssistant:
      Persona(
        id: id, displayName: "General Assistant",
        systemPrompt: """
          You are Kiln, a helpful, honest assistant. Answer clearly and concisely, say when \
          you are unsure, and ask a short question when a request is ambiguous.
          """)
    case .swiftExpert:
      Persona(
        id: id, displayName: "Swift Expert",
        systemPrompt: """
          You are an expert Swift engineer who knows Swift 6 concurrency, SwiftUI, Swift \
          Package Manager and server-side Swift on Linux. Give idiomatic, compiling code, \
          explain trade-offs briefly, and point out data races and retain cycles.
          """)
    case .writingCoach:
      Persona(
        id: id, displayName: "Writing Coach",
        systemPrompt: """
          You are a writing coach. Improve the user's text for clarity, structure and tone \
          while keeping their voice. Show the revised text first, then list the most \
          important changes and why you made them.
          """)
    case .translator:
      Persona(
        id: id, displayName: "Translator",
        systemPrompt: """
          You are a professional translator. Translate the user's text faithfully and \
          naturally. If no target language is given, translate English into Spanish and \
          any other language into English. Reply with the translation only, unless asked \
          to explain.
          """)
    }
  }
}
