import Foundation

/// A language Kiln ships strings for.
///
/// The app decides the language once, in its composition root (from the system's preferred
/// languages, `LANG`, or a setting) and hands it to `L10n.setLanguage(_:)` or to a
/// `Localizer`. Nothing in this module reads `Locale.current`, so every lookup is
/// deterministic.
///
/// Adding a language: add a case, give it a plural rule in `pluralCategory(for:)`, and add
/// `Resources/<code>.lproj/Localizable.strings` and `Terminal.strings` with every key of the
/// English tables.
public enum Language: String, CaseIterable, Codable, Sendable {
  /// English, the source language and the fallback for missing keys.
  case english = "en"
  /// Spanish.
  case spanish = "es"

  /// The language an identifier names, or English when Kiln has no strings for it.
  ///
  /// Accepts BCP 47 tags and POSIX locale names: `"es"`, `"es-MX"`, `"es_ES.UTF-8"`,
  /// `"en_US"`, `"spa"`. `"C"`, `"POSIX"`, empty and unknown identifiers give `.english`.
  public init(identifier: String) {
    self = Language(matching: identifier) ?? .english
  }

  /// The first language in `identifiers` that Kiln has strings for, or English.
  ///
  /// Pass the user's preference order, e.g. `Locale.preferredLanguages` or the
  /// colon-separated `LANGUAGE` variable split on `":"`.
  public init(preferredIdentifiers identifiers: [String]) {
    self = identifiers.lazy.compactMap(Language.init(matching:)).first ?? .english
  }

  /// The language an identifier names, or `nil` when Kiln has no strings for it.
  public init?(matching identifier: String) {
    guard let code = Self.languageCode(of: identifier) else { return nil }
    switch code {
    case "en", "eng": self = .english
    case "es", "spa": self = .spanish
    default: return nil
    }
  }

  /// The ISO 639-1 code (`"en"`, `"es"`), also the name of the `.lproj` folder.
  public var code: String { rawValue }

  /// The language's name in itself ("English", "Español"), for language pickers. Endonyms
  /// are not translated, so this is the same in every UI language.
  public var nativeName: String {
    switch self {
    case .english: return "English"
    case .spanish: return "Español"
    }
  }

  /// The lowercased language subtag of an identifier: what precedes the region, script,
  /// encoding (`.UTF-8`) and modifier (`@euro`).
  private static func languageCode(of identifier: String) -> String? {
    let trimmed = identifier.trimmingCharacters(in: .whitespacesAndNewlines)
    let separators: Set<Character> = ["-", "_", ".", "@"]
    let code = trimmed.prefix { !separators.contains($0) }.lowercased()
    return code.isEmpty ? nil : code
  }
}
