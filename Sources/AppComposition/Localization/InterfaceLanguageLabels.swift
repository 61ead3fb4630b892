import AI
import Localization
import Storage

extension ConversationMarkdown.Labels {
  /// The export's words in the interface language, with the built-in personas under the
  /// names that language gives them.
  public static var interfaceLanguage: Self {
    func word(_ key: L10n.Archive.Key) -> String { L10n.Archive.text(key) }
    var names: [String: String] = [:]
    for persona in BuiltInPersonas.all {
      names[persona.id] = L10n.Persona.name(forID: persona.id)
    }
    return Self(
      persona: word(.persona), created: word(.created), updated: word(.updated),
      you: word(.you), assistant: word(.assistant), system: word(.system), tool: word(.tool),
      sending: word(.sending), incomplete: word(.incomplete), failed: word(.failed),
      stopped: word(.stopped), personaNames: names)
  }
}

extension EchoReason {
  /// Why the echo model answers, in the interface language.
  public var localizedDescription: String {
    switch self {
    case .placeholder(let key): return L10n.Setup.text(.echoPlaceholder, key)
    case .notHTTPURL(let key): return L10n.Setup.text(.echoNotHTTPURL, key)
    case .nothingSet(let keys):
      guard let last = keys.last, keys.count > 1 else { return description }
      return L10n.Setup.text(.echoNothingSet, keys.dropLast().joined(separator: ", "), last)
    case .other(let reason): return reason
    }
  }
}

extension ConfigurationOrigin {
  /// Where a value came from, in the interface language; a file is named by its path and line.
  public var localizedDescription: String {
    switch self {
    case .environment: return L10n.Terminal.Checks.configOriginEnvironment
    case .commandLine: return L10n.Terminal.Checks.configOriginCommandLine
    case .file: return description
    }
  }
}
