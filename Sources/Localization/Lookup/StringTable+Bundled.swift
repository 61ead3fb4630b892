import Foundation

extension StringTable {
  /// The table this module ships for `language`, read from its resource bundle.
  ///
  /// The file is located explicitly as `<code>.lproj/Localizable.strings` inside
  /// `Bundle.module` instead of asking Foundation for a localized string: Foundation picks
  /// the language from the process's preferences, which would ignore the language the app
  /// chose, and `String(localized:)` is not available on Linux. Tables are read once per
  /// process and cached.
  /// - Throws: `StringTableError` when the resource is missing, unreadable or malformed.
  public static func bundled(_ language: Language) throws(StringTableError) -> StringTable {
    try BundledTables.tables[language, default: .failure(.missingResource(language))].get()
  }

  /// Where the bundled table for `language` is, or `nil` when it is not bundled.
  package static func bundledURL(for language: Language) -> URL? {
    let folder = "\(language.code).lproj"
    return Bundle.module.url(
      forResource: "Localizable", withExtension: "strings", subdirectory: folder)
      ?? Bundle.module.url(
        forResource: "Localizable", withExtension: "strings", subdirectory: nil,
        localization: language.code)
  }

  fileprivate static func load(_ language: Language) throws(StringTableError) -> StringTable {
    guard let url = bundledURL(for: language) else { throw .missingResource(language) }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(language, detail: String(describing: error))
    }
    return try StringTable(data: data)
  }
}

/// The bundled tables, read on first use. Immutable after that, so sharing is safe.
private enum BundledTables {
  static let tables: [Language: Result<StringTable, StringTableError>] = Dictionary(
    uniqueKeysWithValues: Language.allCases.map { language in
      (language, Result { () throws(StringTableError) in try StringTable.load(language) })
    })
}
