import Localization
import Testing

@Suite struct PluralCategoryTests {
  @Test(arguments: Language.allCases)
  func zeroOneAndOtherAreDistinguished(language: Language) {
    #expect(language.pluralCategory(for: 0) == .zero)
    #expect(language.pluralCategory(for: 1) == .one)
    #expect(language.pluralCategory(for: 2) == .other)
    #expect(language.pluralCategory(for: 5) == .other)
  }

  @Test(arguments: Language.allCases)
  func onlyExactlyOneIsSingular(language: Language) {
    // 11, 21 and 101 are singular in some languages (Russian), never in English or Spanish.
    for count in [11, 21, 101, 1_000_000, Int.max] {
      #expect(language.pluralCategory(for: count) == .other, "count \(count)")
    }
  }

  @Test(arguments: Language.allCases)
  func signDoesNotChangeTheCategory(language: Language) {
    #expect(language.pluralCategory(for: -1) == .one)
    #expect(language.pluralCategory(for: -5) == .other)
    #expect(language.pluralCategory(for: Int.min) == .other)
  }
}
