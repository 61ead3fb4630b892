import Localization

extension AllAccessors {
  /// The setup words, the Markdown export's words and the built-in personas' names.
  static var setupArchivePersona: [Accessor] { setup + archive + persona + sync }

  static let sync: [Accessor] = L10n.Sync.Key.allCases.map { key in
    ("Sync.\(key.rawValue)", { L10n.Sync.text(key, syncArguments(key)) })
  }

  /// The arguments `key`'s text takes: numbers for counts, text for the rest.
  private static func syncArguments(_ key: L10n.Sync.Key) -> [LocalizationArgument] {
    switch key {
    case .report: return (1...8).map { .integer($0) }
    case .foreignWaiting, .adopted, .keptLocal, .pending, .foreign, .foreignPrompt:
      return [.integer(3)]
    case .statusOn, .statusOff, .lastSuccess, .lastError, .nextRound, .refused, .unreachable,
      .unauthorized, .failed:
      return [.text("x")]
    default: return []
    }
  }

  static let setup: [Accessor] = L10n.Setup.Key.allCases.map { key in
    ("Setup.\(key.rawValue)", { L10n.Setup.text(key, "x", "y", "z") })
  }

  static let archive: [Accessor] = L10n.Archive.Key.allCases.map { key in
    ("Archive.\(key.rawValue)", { L10n.Archive.text(key) })
  }

  static let persona: [Accessor] = ["general", "swift-expert", "writing-coach", "translator"]
    .map { id in ("Persona.name(\(id))", { L10n.Persona.name(forID: id) ?? "" }) }
}
