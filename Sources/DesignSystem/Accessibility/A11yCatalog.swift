import Foundation

/// Why a catalogue's strings could not be loaded.
public enum A11yCatalogError: Error, Equatable, Sendable {
  /// The module's bundle has no `A11y.strings` for the language.
  case missingTable(language: String)
  /// The file exists but is not a strings table; the payload says why.
  case unreadableTable(language: String, detail: String)
}

/// The accessibility catalogue's words in one language.
///
/// Strings come from `<language>.lproj/A11y.strings` in this module's bundle, read directly
/// (`String(localized:)` does not work on Linux). A string missing in a language falls back
/// to English, then to its key, so a gap is audible rather than silent; the parity tests
/// keep that from happening.
public struct A11yCatalog: Sendable {
  /// The language of the strings.
  public let language: A11yLanguage
  private let strings: [String: String]
  private let fallback: [String: String]

  /// A catalogue over given tables, for tests and custom catalogues.
  public init(language: A11yLanguage, strings: [String: String], fallback: [String: String] = [:]) {
    self.language = language
    self.strings = strings
    self.fallback = fallback
  }

  /// Loads the bundled strings for `language`, with English as the fallback.
  /// - Throws: `A11yCatalogError` when a table is missing or unreadable.
  public static func load(_ language: A11yLanguage) throws(A11yCatalogError) -> A11yCatalog {
    let strings = try table(for: language)
    let fallback = language == .english ? [:] : try table(for: .english)
    return A11yCatalog(language: language, strings: strings, fallback: fallback)
  }

  /// The raw strings table of `language` from the module bundle.
  /// - Throws: `A11yCatalogError` when it is missing or unreadable.
  public static func table(for language: A11yLanguage) throws(A11yCatalogError) -> [String: String]
  {
    guard let url = tableURL(for: language) else {
      throw .missingTable(language: language.rawValue)
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadableTable(language: language.rawValue, detail: String(describing: error))
    }
    let parsed: Any
    do {
      parsed = try PropertyListSerialization.propertyList(from: data, format: nil)
    } catch {
      throw .unreadableTable(language: language.rawValue, detail: String(describing: error))
    }
    guard let table = parsed as? [String: String] else {
      throw .unreadableTable(language: language.rawValue, detail: "not a table of strings")
    }
    return table
  }

  /// Finds `A11y.strings` inside the language's `.lproj` folder of the module bundle. The
  /// folder is opened as a bundle of its own so the lookup does not depend on the process
  /// locale (Foundation on Linux ignores the `localization:` argument of a lookup).
  private static func tableURL(for language: A11yLanguage) -> URL? {
    guard let folder = Bundle.module.url(forResource: language.rawValue, withExtension: "lproj"),
      let bundle = Bundle(url: folder)
    else { return nil }
    return bundle.url(forResource: "A11y", withExtension: "strings")
  }

  /// Every key of this language's own table.
  public var keys: Set<String> { Set(strings.keys) }

  /// The template for `key` (placeholders unfilled): this language, then English, then `nil`.
  public func template(forKey key: String) -> String? {
    strings[key] ?? fallback[key]
  }

  /// `entry` in this language, with its placeholders filled.
  public func label(for entry: A11yEntry) -> A11yLabel {
    let label = fill(template(forKey: entry.labelKey) ?? entry.labelKey, entry.arguments)
    let hint = entry.hintKey.map { fill(template(forKey: $0) ?? $0, entry.arguments) }
    return A11yLabel(label: label, hint: hint, traits: entry.traits)
  }

  /// Replaces each `{name}` in `template` with `arguments[name]` in one pass, so values that
  /// themselves contain braces are inserted verbatim. Unknown placeholders stay as written.
  public func fill(_ template: String, _ arguments: [String: String]) -> String {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
      result += rest[..<open]
      let name = String(rest[afterOpen..<close])
      result += arguments[name] ?? "{\(name)}"
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}
