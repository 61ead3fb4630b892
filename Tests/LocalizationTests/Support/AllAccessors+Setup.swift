import Localization

extension AllAccessors {
  /// The setup words, the Markdown export's words and the built-in personas' names.
  static var setupArchivePersona: [Accessor] { setup + archive + persona }

  static let setup: [Accessor] = L10n.Setup.Key.allCases.map { key in
    ("Setup.\(key.rawValue)", { L10n.Setup.text(key, "x", "y", "z") })
  }

  static let archive: [Accessor] = L10n.Archive.Key.allCases.map { key in
    ("Archive.\(key.rawValue)", { L10n.Archive.text(key) })
  }

  static let persona: [Accessor] = ["general", "swift-expert", "writing-coach", "translator"]
    .map { id in ("Persona.name(\(id))", { L10n.Persona.name(forID: id) ?? "" }) }
}
