import Testing

@testable import Localization

/// The process-wide language is set once, at launch, by the composition root. No test here
/// changes it: Swift Testing runs every suite of the package in one process and in parallel,
/// so a suite that switched it (even a serialized one) made unrelated tests read Spanish or
/// bare keys. `kiln` in another language is tested through the real binary
/// (`KilnTests/SubcommandTests`); the slot behind `setLanguage(_:)` is tested on its own.
@Suite struct L10nTests {
  @Test func theProcessLanguageIsEnglishUntilTheAppSetsIt() {
    #expect(L10n.language == .english)
    #expect(L10n.Chat.placeholder == "Type a message...")
    // A task's own language wins over the process language.
    #expect(L10n.withLanguage(.spanish) { L10n.Chat.placeholder } == "Escribe un mensaje...")
  }

  @Test func theSlotHoldsTheLocalizerLastSet() {
    let slot = LocalizerSlot(Localizer(language: .english))
    #expect(slot.localizer.string("chat.placeholder") == "Type a message...")
    slot.set(Localizer(language: .spanish))
    #expect(slot.localizer.language == .spanish)
    #expect(slot.localizer.string("chat.placeholder") == "Escribe un mensaje...")
    slot.set(Localizer(language: .spanish, table: StringTable(entries: [:])))
    #expect(slot.localizer.string("chat.placeholder") == "chat.placeholder")
  }
}

@Suite struct L10nTaskLanguageTests {
  @Test func withLanguageScopesToTheOperation() {
    let inside = L10n.withLanguage(.spanish) { (L10n.language, L10n.Common.cancel) }
    #expect(inside.0 == .spanish)
    #expect(inside.1 == "Cancelar")
  }

  @Test func nestedScopesRestoreTheOuterLanguage() {
    L10n.withLanguage(.spanish) {
      let innerText = L10n.withLanguage(.english) { L10n.Common.cancel }
      #expect(innerText == "Cancel")
      #expect(L10n.Common.cancel == "Cancelar")
    }
  }

  @Test func childTasksInheritTheTaskLanguage() async {
    let fromChild = await L10n.withLanguage(.spanish) { () async -> String in
      await withTaskGroup(of: String.self) { group in
        group.addTask { L10n.Settings.title }
        return await group.next() ?? ""
      }
    }
    #expect(fromChild == "Ajustes")
  }

  @Test func concurrentTasksKeepTheirOwnLanguages() async {
    let results = await withTaskGroup(of: (Language, String).self) { group in
      for index in 0..<40 {
        let language: Language = index.isMultiple(of: 2) ? .english : .spanish
        group.addTask {
          await L10n.withLanguage(language) { () async in
            await Task.yield()
            return (language, L10n.Common.save)
          }
        }
      }
      var collected: [(Language, String)] = []
      for await result in group { collected.append(result) }
      return collected
    }
    #expect(results.count == 40)
    for (language, text) in results {
      #expect(text == (language == .english ? "Save" : "Guardar"))
    }
  }

  @Test func keysOnlyLocalizerShowsKeys() {
    #expect(L10n.withLocalizer(.keysOnly()) { L10n.Chat.sendButton } == "chat.sendButton")
  }
}
