import Foundation

extension StringTable {
  /// The table this module ships for `language`, read from its resource bundle: the app's
  /// `Localizable.strings` and the terminal app's `Terminal.strings`, as one table.
  ///
  /// Each file is located explicitly as `<code>.lproj/<name>.strings` inside
  /// `Bundle.module` instead of asking Foundation for a localized string: Foundation picks
  /// the language from the process's preferences, which would ignore the language the app
  /// chose, and `String(localized:)` is not available on Linux. Tables are read once per
  /// process and cached.
  /// - Throws: `StringTableError` when the resource is missing, unreadable or malformed.
  public static func bundled(_ language: Language) throws(StringTableError) -> StringTable {
    try BundledTables.tables[language, default: .failure(.missingResource(language))].get()
  }

  /// The files every language has, merged into its table. Kiln's terminal app keeps its
  /// strings in a table of their own so the app's table stays the app's.
  package static let bundledFileNames = ["Localizable", "Terminal"]

  /// Where the bundled table for `language` is, or `nil` when it is not bundled.
  package static func bundledURL(for language: Language, name: String = "Localizable") -> URL? {
    let folder = "\(language.code).lproj"
    return Bundle.module.url(forResource: name, withExtension: "strings", subdirectory: folder)
      ?? Bundle.module.url(
        forResource: name, withExtension: "strings", subdirectory: nil,
        localization: language.code)
  }

  fileprivate static func load(_ language: Language) throws(StringTableError) -> StringTable {
    var entries: [String: String] = [:]
    for name in bundledFileNames {
      guard let url = bundledURL(for: language, name: name) else {
        throw .missingResource(language)
      }
      let data: Data
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw .unreadable(language, detail: String(describing: error))
      }
      let table = try StringTable(data: data)
      // One key in two files would make the winner depend on the order read.
      if let shared = table.entries.keys.first(where: { entries[$0] != nil }) {
        throw .malformed(detail: "\(shared) is in more than one table")
      }
      entries.merge(table.entries) { first, _ in first }
    }
    return StringTable(entries: entries)
  }
}

/// The bundled tables, read on first use. Immutable after that, so sharing is safe.
private enum BundledTables {
  static let tables: [Language: Result<StringTable, StringTableError>] = Dictionary(
    uniqueKeysWithValues: Language.allCases.map { language in
      (language, Result { () throws(StringTableError) in try StringTable.load(language) })
    })
}
