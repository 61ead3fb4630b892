import Localization
import Testing

@Suite struct LocalizerTests {
  @Test func bundledSpanishLookupReturnsSpanish() {
    let spanish = Localizer(language: .spanish)
    #expect(spanish.language == .spanish)
    #expect(spanish.string("chat.placeholder") == "Escribe un mensaje...")
    #expect(spanish.string("auth.tagline") == "Tu asistente de IA")
  }

  @Test func bundledEnglishLookupReturnsEnglish() {
    let english = Localizer(language: .english)
    #expect(english.string("chat.placeholder") == "Type a message...")
    #expect(english.string("settings.theme") == "Theme")
  }

  @Test func missingKeysFallBackToEnglishThenToTheKey() {
    let localizer = Localizer(
      language: .spanish,
      table: StringTable(entries: ["both": "ambos"]),
      fallback: StringTable(entries: ["both": "both", "englishOnly": "English only"]))
    #expect(localizer.string("both") == "ambos")
    #expect(localizer.string("englishOnly") == "English only")
    #expect(localizer.string("nowhere") == "nowhere")
  }

  @Test func formatsArguments() {
    let spanish = Localizer(language: .spanish)
    #expect(
      spanish.string("auth.signedInAs", "ana@example.com") == "Sesión iniciada como ana@example.com"
    )
    #expect(
      spanish.string("settings.versionWithBuild", arguments: ["2.1", "45"]) == "Versión 2.1 (45)")
  }

  @Test func rawLookupKeepsTheTemplate() {
    #expect(Localizer(language: .english).string("payments.savePercent") == "Save %lld%%")
  }

  @Test func pluralPicksTheFormForTheLanguage() {
    let english = Localizer(language: .english)
    let spanish = Localizer(language: .spanish)
    #expect(english.plural("chat.messagesRemaining", count: 0) == "No messages remaining")
    #expect(english.plural("chat.messagesRemaining", count: 1) == "1 message remaining")
    #expect(spanish.plural("chat.messagesRemaining", count: 5) == "Quedan 5 mensajes")
  }

  @Test func pluralFallsBackToOtherThenToTheKey() {
    let localizer = Localizer(
      language: .english,
      table: StringTable(entries: ["apples.other": "%lld apples, %@"]))
    #expect(localizer.plural("apples", count: 1, "fresh") == "1 apples, fresh")
    #expect(localizer.plural("pears", count: 2) == "pears")
  }

  @Test func keysOnlyLocalizerAnswersWithKeys() {
    let keys = Localizer.keysOnly()
    #expect(keys.string("chat.placeholder") == "chat.placeholder")
    #expect(keys.plural("chat.messagesRemaining", count: 3) == "chat.messagesRemaining")
  }
}
