import Localization
import Testing

@Suite struct LanguageTests {
  @Test(arguments: [
    ("en", Language.english),
    ("EN", .english),
    ("en_US", .english),
    ("en-GB", .english),
    ("en_US.UTF-8", .english),
    ("eng", .english),
    ("es", .spanish),
    ("ES", .spanish),
    ("es-MX", .spanish),
    ("es_ES.UTF-8", .spanish),
    ("es_ES@euro", .spanish),
    ("es-419", .spanish),
    ("spa", .spanish),
    ("  es_AR  ", .spanish),
  ])
  func parsesIdentifiers(identifier: String, expected: Language) {
    #expect(Language(identifier: identifier) == expected)
    #expect(Language(matching: identifier) == expected)
  }

  @Test(arguments: ["", "C", "POSIX", "C.UTF-8", "fr_FR", "de", "pt-BR", "e", "esperanto", "-es"])
  func unknownIdentifiersFallBackToEnglish(identifier: String) {
    #expect(Language(matching: identifier) == nil)
    #expect(Language(identifier: identifier) == .english)
  }

  @Test func preferredIdentifiersPickTheFirstSupportedLanguage() {
    #expect(Language(preferredIdentifiers: ["fr_FR", "es-MX", "en"]) == .spanish)
    #expect(Language(preferredIdentifiers: ["de", "en_GB", "es"]) == .english)
    #expect(Language(preferredIdentifiers: ["de", "fr"]) == .english)
    #expect(Language(preferredIdentifiers: []) == .english)
  }

  @Test(arguments: Language.allCases)
  func codeRoundTripsThroughTheParser(language: Language) {
    #expect(Language(identifier: language.code) == language)
    #expect(!language.nativeName.isEmpty)
  }

  @Test func nativeNamesAreEndonyms() {
    #expect(Language.english.nativeName == "English")
    #expect(Language.spanish.nativeName == "Español")
  }
}
