import AI

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

  /// The persona for `id`, from the table the app and kiln-server share.
  public static func persona(_ id: PersonaID) -> Persona {
    guard let definition = BuiltInPersonas.definition(id: id.rawValue) else {
      // `PersonaCatalogueTests` proves every `PersonaID` has its entry in the table.
      return Persona(id: id, displayName: id.rawValue, systemPrompt: "")
    }
    return Persona(
      id: id, displayName: definition.displayName, systemPrompt: definition.systemPrompt)
  }
}
