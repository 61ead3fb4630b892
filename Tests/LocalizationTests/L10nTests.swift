import Localization
import Testing

/// The process-wide language. The only suite that changes it, and serialized, so no other
/// test observes the change (every other test picks its language per task).
@Suite(.serialized) struct L10nTests {
  @Test func processLanguageDefaultsToEnglishAndCanBeChanged() {
    #expect(L10n.language == .english)
    #expect(L10n.Chat.placeholder == "Type a message...")

    L10n.setLanguage(.spanish)
    defer { L10n.setLanguage(.english) }
    #expect(L10n.language == .spanish)
    #expect(L10n.Chat.placeholder == "Escribe un mensaje...")
    #expect(L10n.Chat.messagesRemaining(1) == "Queda 1 mensaje")

    // A task's own language wins over the process language.
    #expect(L10n.withLanguage(.english) { L10n.Chat.placeholder } == "Type a message...")
  }

  @Test func setLocalizerInstallsCustomTables() {
    L10n.setLocalizer(Localizer(language: .spanish, table: StringTable(entries: [:])))
    defer { L10n.setLanguage(.english) }
    #expect(L10n.Chat.placeholder == "chat.placeholder")
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
