import Foundation
import Testing

@testable import DesignSystem

@Suite struct A11yCatalogTests {
  @Test(arguments: A11yLanguage.allCases)
  func bundledTableLoads(language: A11yLanguage) throws {
    let table = try A11yCatalog.table(for: language)
    #expect(!table.isEmpty)
    let catalog = try A11yCatalog.load(language)
    #expect(catalog.language == language)
  }

  @Test func englishHasTheSeedsExactWords() throws {
    let english = try A11yCatalog.load(.english)
    let send = english.label(for: A11y.Chat.sendButton)
    #expect(send.label == "Send message")
    #expect(send.hint == "Double tap to send your message")
    #expect(send.traits == .button)
    let photo = english.label(for: A11y.Profile.photo)
    #expect(photo.label == "Profile photo")
    #expect(photo.hint == "Double tap to change your profile photo.")
  }

  @Test func spanishReallyLoadsFromItsOwnTable() throws {
    let spanish = try A11yCatalog.load(.spanish)
    let send = spanish.label(for: A11y.Chat.sendButton)
    #expect(send.label == "Enviar mensaje")
    #expect(send.hint == "Toca dos veces para enviar tu mensaje")
    #expect(spanish.label(for: A11y.Common.loading).label == "Cargando")
    #expect(spanish.label(for: A11y.Rating.promptTitle(appName: "Kiln")).label == "¿Te gusta Kiln?")
  }

  @Test func everyKeyExistsInEveryLanguage() throws {
    let english = try A11yCatalog.table(for: .english)
    for language in A11yLanguage.allCases {
      let table = try A11yCatalog.table(for: language)
      #expect(Set(table.keys) == Set(english.keys), "\(language)")
      for (key, value) in table {
        #expect(!value.trimmingCharacters(in: .whitespaces).isEmpty, "\(language) \(key)")
        #expect(value != key, "\(language) \(key)")
        #expect(placeholders(in: value) == placeholders(in: english[key] ?? ""), "\(key)")
      }
    }
  }

  @Test func spanishIsATranslationNotACopy() throws {
    let english = try A11yCatalog.table(for: .english)
    let spanish = try A11yCatalog.table(for: .spanish)
    let same = english.keys.filter { english[$0] == spanish[$0] }
    // Words that are the same in both languages ("Error: {message}") are fine; a copied
    // table is not.
    #expect(same.count * 10 < english.count, "\(same.sorted())")
  }

  @Test func everyEntryHasItsStringsAndNoStringIsOrphaned() throws {
    let entries = A11y.allEntries
    let used = Set(entries.flatMap(\.stringKeys))
    let roleKeys = Set(A11yCatalog.roleKeys.map(\.key))
    for language in A11yLanguage.allCases {
      let keys = Set(try A11yCatalog.table(for: language).keys)
      #expect(used.subtracting(keys).isEmpty, "\(language) lacks \(used.subtracting(keys))")
      #expect(keys.subtracting(used).subtracting(roleKeys).isEmpty, "\(keys.subtracting(used))")
      #expect(roleKeys.isSubset(of: keys))
    }
  }

  @Test func catalogueIsLargeAndHasNoDuplicates() {
    let entries = A11y.allEntries
    #expect(Set(entries).count == entries.count)
    #expect(Set(entries.map(\.labelKey)).count >= 50)
    let namespaces = Set(entries.map { $0.key.split(separator: ".")[0] })
    for required in ["chat", "auth", "settings", "profile", "payments", "navigation", "common"] {
      #expect(namespaces.contains(Substring(required)), "\(required)")
    }
  }

  @Test func parameterizedEntriesFillTheirPlaceholders() throws {
    let english = try A11yCatalog.load(.english)
    let plan = english.label(for: A11y.Payments.planOption(name: "Annual", price: "$79.99"))
    #expect(plan.label == "Annual plan, $79.99")
    #expect(
      english.label(for: A11y.Payments.subscriptionStatus(isSubscribed: true)).label
        == "Subscription active")
    #expect(
      english.label(for: A11y.Payments.subscriptionStatus(isSubscribed: false)).label
        == "Not subscribed")
    let error = english.label(for: A11y.Common.error(message: "You're offline."))
    #expect(error.label == "Error: You're offline.")
    #expect(
      english.label(for: A11y.Payments.freeMessagesRemaining(count: 3)).label
        == "Free messages left: 3")
  }

  @Test func tabsCarryTheirSelection() throws {
    let spanish = try A11yCatalog.load(.spanish)
    let selected = spanish.label(for: A11y.Navigation.tab(name: "Chat", selected: true))
    #expect(selected.label == "Pestaña Chat")
    #expect(selected.traits == [.button, .selected])
    #expect(selected.hint == nil)
    let other = spanish.label(for: A11y.Navigation.tab(name: "Historial", selected: false))
    #expect(other.traits == .button)
    #expect(other.hint == "Toca dos veces para cambiar a Historial")
  }

  @Test func themeOptionsSayWhenTheyAreLocked() throws {
    let english = try A11yCatalog.load(.english)
    let locked = english.label(
      for: A11y.Settings.themeOption(name: "Obsidian", isSelected: false, isLocked: true))
    #expect(locked.label == "Obsidian theme, premium")
    #expect(locked.hint?.contains("subscription") == true)
    let current = english.label(
      for: A11y.Settings.themeOption(name: "Light", isSelected: true, isLocked: false))
    #expect(current.traits.contains(.selected))
  }

  @Test func argumentsAreInsertedVerbatim() {
    let catalog = A11yCatalog(language: .english, strings: [:])
    #expect(catalog.fill("{a} and {b}", ["a": "{b}", "b": "x"]) == "{b} and x")
    #expect(catalog.fill("{missing} stays", [:]) == "{missing} stays")
    #expect(catalog.fill("open { brace", ["brace": "no"]) == "open { brace")
  }

  @Test func missingStringsFallBackToEnglishThenTheKey() {
    let catalog = A11yCatalog(
      language: .spanish, strings: ["x.label": "Equis"],
      fallback: ["x.label": "Ex", "x.hint": "Hint in English"])
    let label = catalog.label(for: A11yEntry("x"))
    #expect(label.label == "Equis")
    #expect(label.hint == "Hint in English")
    #expect(catalog.label(for: A11yEntry("y", hint: false)).label == "y.label")
  }

  @Test(arguments: [
    ("es", A11yLanguage.spanish), ("es-MX", .spanish), ("ES_es", .spanish), ("en-GB", .english),
    ("fr", .english), ("", .english),
  ])
  func languageFromIdentifier(identifier: String, expected: A11yLanguage) {
    #expect(A11yLanguage(identifier: identifier) == expected)
  }

  @Test func spokenDescriptionReadsLikeVoiceOver() throws {
    let english = try A11yCatalog.load(.english)
    #expect(
      english.spokenDescription(of: english.label(for: A11y.Chat.sendButton))
        == "Send message, button. Double tap to send your message.")
    #expect(
      english.spokenDescription(of: english.label(for: A11y.Profile.photo))
        == "Profile photo, button, image. Double tap to change your profile photo.")
    #expect(english.spokenDescription(of: english.label(for: A11y.Common.loading)) == "Loading.")
    let spanish = try A11yCatalog.load(.spanish)
    #expect(
      spanish.spokenDescription(
        of: spanish.label(for: A11y.Navigation.tab(name: "Chat", selected: true)))
        == "Pestaña Chat, botón, seleccionado.")
  }

  private func placeholders(in text: String) -> Set<String> {
    var names: Set<String> = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      names.insert(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }
}
