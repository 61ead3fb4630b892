extension L10n {
  /// The names the built-in personas show. Their ids stay as the table in AI has them (the
  /// proxy knows them by id); only what a person reads is translated here.
  public enum Persona {
    /// The shown name of the built-in persona `id` ("General Assistant"), or `nil` when `id`
    /// names no built-in persona (a custom one keeps its own name).
    public static func name(forID id: String) -> String? {
      switch id {
      case "general": return text(.generalName)
      case "swift-expert": return text(.swiftExpertName)
      case "writing-coach": return text(.writingCoachName)
      case "translator": return text(.translatorName)
      default: return nil
      }
    }

    package enum Key: String, LocalizationKey {
      package static let namespace = "persona"
      case generalName, swiftExpertName, writingCoachName, translatorName
    }

    private static func text(_ key: Key) -> String {
      L10n.text(key, [])
    }
  }
}
