import Localization
import Testing

/// The tables and the key enums agree, in every language. The expected key list comes from
/// the key enums (`L10n.keyTypes`), never from a hard-coded count.
@Suite struct L10nCatalogTests {
  private static let expectedTableKeys = Set(L10n.tableKeys)

  @Test func keyEnumsDeclareEachKeyOnce() {
    #expect(L10n.tableKeys.count == Self.expectedTableKeys.count)
    #expect(L10n.keys.count == Set(L10n.keys).count)
  }

  @Test func keysFollowTheNamespaceDotKeyPattern() {
    for key in L10n.keys {
      let parts = key.split(separator: ".")
      #expect(parts.count == 2, "\(key)")
      #expect(parts.allSatisfy { $0.first?.isLowercase == true || $0.first?.isNumber == true })
    }
  }

  @Test(arguments: Language.allCases)
  func everyKeyExistsInEveryLanguage(language: Language) throws {
    let table = try StringTable.bundled(language)
    let missing = Self.expectedTableKeys.subtracting(table.entries.keys).sorted()
    #expect(missing.isEmpty, "missing in \(language.code): \(missing)")
  }

  @Test(arguments: Language.allCases.filter { $0 != .english })
  func everyEnglishEntryHasATranslation(language: Language) throws {
    // Straight from the files, whatever the key enums say: both tables, app and terminal.
    let english = try StringTable.bundled(.english)
    let table = try StringTable.bundled(language)
    let missing = Set(english.entries.keys).subtracting(table.entries.keys).sorted()
    #expect(missing.isEmpty, "missing in \(language.code): \(missing)")
  }

  @Test(arguments: Language.allCases)
  func everyTableKeyIsUsed(language: Language) throws {
    let table = try StringTable.bundled(language)
    let orphans = Set(table.entries.keys).subtracting(Self.expectedTableKeys).sorted()
    #expect(orphans.isEmpty, "unused in \(language.code): \(orphans)")
  }

  @Test(arguments: Language.allCases)
  func noValueIsEmptyOrEqualToItsKey(language: Language) throws {
    let table = try StringTable.bundled(language)
    for (key, value) in table.entries {
      #expect(!value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(key)")
      #expect(value != key, "\(key)")
      #expect(!Self.expectedTableKeys.contains(value), "\(key) holds a key: \(value)")
    }
  }

  @Test func theCatalogueHoldsAtLeastAHundredStrings() throws {
    // The floor, not a mirror of the current size.
    #expect(try StringTable.bundled(.english).entries.count >= 100)
  }

  @Test func formatSpecifiersMatchEnglishInEveryLanguage() throws {
    let english = try StringTable.bundled(.english)
    for language in Language.allCases where language != .english {
      let table = try StringTable.bundled(language)
      for key in Self.expectedTableKeys.sorted() {
        let expected = Set(FormatTemplate.specifiers(in: english[key] ?? ""))
        let actual = Set(FormatTemplate.specifiers(in: table[key] ?? ""))
        #expect(actual == expected, "\(language.code) \(key)")
      }
    }
  }

  @Test(arguments: Language.allCases)
  func onlySupportedSpecifiersAreUsed(language: Language) throws {
    let table = try StringTable.bundled(language)
    for (key, value) in table.entries {
      let unsupported = FormatTemplate.specifiers(in: value).filter {
        if case .unsupported = $0.kind { return true }
        return false
      }
      #expect(unsupported.isEmpty, "\(language.code) \(key): \(value)")
    }
  }

  @Test func spanishIsNotACopyOfEnglish() throws {
    // Some words are the same in both ("Chat", "Error", "Pro"); most must differ.
    let english = try StringTable.bundled(.english)
    let spanish = try StringTable.bundled(.spanish)
    let identical = english.entries.filter { spanish[$0.key] == $0.value }
    #expect(identical.count * 10 < english.entries.count, "\(identical.keys.sorted())")
  }
}
