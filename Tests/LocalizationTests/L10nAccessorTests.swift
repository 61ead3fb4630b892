import Core
import Localization
import Testing

/// Every accessor reads a key the tables have, and every key has an accessor.
@Suite struct L10nAccessorTests {
  @Test func everyKeyIsReadByAnAccessor() {
    let read = L10n.withLocalizer(.keysOnly()) { AllAccessors.all.map { $0.read() } }
    let keys = Set(L10n.keys)
    let unknown = Set(read).subtracting(keys).sorted()
    let unread = keys.subtracting(read).sorted()
    #expect(unknown.isEmpty, "accessors returned non-keys: \(unknown)")
    #expect(unread.isEmpty, "keys without an accessor in AllAccessors: \(unread)")
  }

  @Test func accessorNamesAreUnique() {
    let names = AllAccessors.all.map(\.name)
    #expect(names.count == Set(names).count)
  }

  @Test(arguments: Language.allCases)
  func everyAccessorAnswersWithFinishedText(language: Language) {
    let keys = Set(L10n.keys).union(L10n.tableKeys)
    L10n.withLanguage(language) {
      for accessor in AllAccessors.all {
        let text = accessor.read()
        #expect(!text.isEmpty, "\(accessor.name)")
        #expect(!keys.contains(text), "\(accessor.name) fell back to its key")
        #expect(!hasUnfilledSpecifier(text), "\(accessor.name): \(text)")
        #expect(!text.contains("%%"), "\(accessor.name): \(text)")
      }
    }
  }

  @Test func argumentsReachTheText() {
    L10n.withLanguage(.english) {
      #expect(L10n.Auth.signedInAs("ana@example.com") == "Signed in as ana@example.com")
      #expect(L10n.Settings.version("2.1.0", build: "45") == "Version 2.1.0 (45)")
      #expect(L10n.Payments.savePercent(33) == "Save 33%")
      #expect(L10n.Onboarding.pageIndicator(current: 2, total: 3) == "Page 2 of 3")
      #expect(L10n.Chat.noResults(for: "tea") == "No results for “tea”")
    }
    L10n.withLanguage(.spanish) {
      #expect(L10n.Auth.signedInAs("ana@example.com") == "Sesión iniciada como ana@example.com")
      #expect(L10n.Settings.version("2.1.0", build: "45") == "Versión 2.1.0 (45)")
      #expect(L10n.Payments.savePercent(33) == "Ahorra un 33 %")
      #expect(L10n.Onboarding.pageIndicator(current: 2, total: 3) == "Página 2 de 3")
      #expect(L10n.Chat.noResults(for: "té") == "No hay resultados para «té»")
    }
  }

  @Test func namedSeedStringsHaveTheirDocumentedValues() {
    L10n.withLanguage(.english) {
      #expect(L10n.Auth.tagline == "Your AI assistant")
      #expect(L10n.Chat.placeholder == "Type a message...")
      #expect(L10n.Settings.theme == "Theme")
      #expect(L10n.Error.networkOffline == "You're offline. Please check your internet connection.")
      #expect(L10n.Chat.defaultTitle == "New Chat")
      #expect(L10n.Settings.chatStyleBubble == "Bubble Chat")
      #expect(L10n.Settings.chatStyleCentered == "Prompt Chat")
      #expect(L10n.Payments.maybeLater == "Maybe later")
      #expect(L10n.Payments.nothingToRestore == "No active subscription found to restore.")
      #expect(L10n.Payments.selectPlan == "Please select a subscription plan")
      #expect(L10n.Payments.featureAdvancedAITitle == "Advanced AI")
      #expect(
        L10n.Payments.featureAdvancedAIDescription == "Get smarter responses with enhanced models")
      #expect(L10n.Payments.featureFasterTitle == "Faster Processing")
      #expect(L10n.Payments.featureFasterDescription == "Priority queue for quicker results")
      #expect(L10n.Payments.featureUnlimitedTitle == "Unlimited Usage")
      #expect(L10n.Payments.featureUnlimitedDescription == "No daily limits or restrictions")
      #expect(L10n.Onboarding.getStarted == "Get Started")
    }
  }

  @Test func themeNamesDifferPerTheme() {
    for language in Language.allCases {
      L10n.withLanguage(language) {
        let names = Theme.allCases.map(L10n.Theme.name(of:))
        let descriptions = Theme.allCases.map(L10n.Theme.description(of:))
        #expect(Set(names).count == names.count)
        #expect(Set(descriptions).count == descriptions.count)
      }
    }
  }
}

/// Whether `text` still holds a `%@` / `%lld`-style specifier, i.e. an argument was not
/// substituted. A lone `%` ("Save 33%") is text, not a specifier.
func hasUnfilledSpecifier(_ text: String) -> Bool {
  FormatTemplate.specifiers(in: text).contains { specifier in
    if case .unsupported = specifier.kind { return false }
    return true
  }
}
