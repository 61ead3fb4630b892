/// Looks up strings in one language, falling back to English, then to the key itself.
///
/// A `Localizer` is a value: build one per language and pass it where a language other than
/// the app's current one is needed (a server answering each request in its own language, a
/// preview, a test). The static `L10n` accessors use the localizer of `L10n.current`.
public struct Localizer: Sendable {
  /// The language this localizer answers in.
  public let language: Language
  private let table: StringTable
  private let fallback: StringTable

  /// A localizer over the tables bundled with this module.
  ///
  /// If a bundled table cannot be loaded, lookups fall back to English and then to the key,
  /// so the UI degrades instead of failing; `StringTable.bundled(_:)` reports why.
  public init(language: Language) {
    self.init(
      language: language,
      table: StringTable.bundledOrEmpty(language),
      fallback: StringTable.bundledOrEmpty(.english))
  }

  /// A localizer over explicit tables. `fallback` answers keys `table` lacks.
  public init(language: Language, table: StringTable, fallback: StringTable = .empty) {
    self.language = language
    self.table = table
    self.fallback = fallback
  }

  /// A localizer with no strings: every lookup returns its key. Shows which key each piece
  /// of UI text comes from, and lets tests check which key an accessor reads.
  public static func keysOnly(language: Language = .english) -> Localizer {
    Localizer(language: language, table: .empty)
  }

  /// The string for `key`, or `key` itself when no table has it.
  public func string(_ key: String) -> String {
    template(for: key) ?? key
  }

  /// The template for `key` with `arguments` substituted (`%@`, `%lld`, `%1$@` …).
  public func string(_ key: String, _ arguments: LocalizationArgument...) -> String {
    string(key, arguments: arguments)
  }

  /// The template for `key` with `arguments` substituted (`%@`, `%lld`, `%1$@` …).
  public func string(_ key: String, arguments: [LocalizationArgument]) -> String {
    FormatTemplate.render(string(key), arguments: arguments)
  }

  /// The plural form of `key` that `count` selects in this language, with `count` as the
  /// first argument and `arguments` after it.
  ///
  /// The table holds one entry per form: `<key>.zero`, `<key>.one`, `<key>.other`. A missing
  /// form falls back to `<key>.other`, then to the key.
  public func plural(_ key: String, count: Int, _ arguments: LocalizationArgument...) -> String {
    let category = language.pluralCategory(for: count)
    let form =
      template(for: "\(key).\(category.rawValue)")
      ?? template(for: "\(key).\(PluralCategory.other.rawValue)")
      ?? key
    return FormatTemplate.render(form, arguments: [.integer(count)] + arguments)
  }

  private func template(for key: String) -> String? {
    table[key] ?? fallback[key]
  }
}

extension StringTable {
  /// The bundled table, or an empty one when it cannot be loaded (see `bundled(_:)`).
  static func bundledOrEmpty(_ language: Language) -> StringTable {
    do {
      return try bundled(language)
    } catch {
      // Degrade to the fallback chain; the composition root reports the cause through
      // `StringTable.bundled(_:)` / `L10n.verifyBundledStrings()`.
      return .empty
    }
  }
}
