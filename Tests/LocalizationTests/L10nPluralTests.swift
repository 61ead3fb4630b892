import Localization
import Testing

@Suite struct L10nPluralTests {
  @Test(arguments: [
    (Language.english, 0, "No messages remaining"),
    (.english, 1, "1 message remaining"),
    (.english, 5, "5 messages remaining"),
    (.spanish, 0, "No quedan mensajes"),
    (.spanish, 1, "Queda 1 mensaje"),
    (.spanish, 5, "Quedan 5 mensajes"),
  ])
  func messagesRemaining(language: Language, count: Int, expected: String) {
    #expect(L10n.withLanguage(language) { L10n.Chat.messagesRemaining(count) } == expected)
  }

  @Test(arguments: [
    (Language.english, ["No messages", "1 message", "5 messages"]),
    (.spanish, ["Sin mensajes", "1 mensaje", "5 mensajes"]),
  ])
  func messageCount(language: Language, expected: [String]) {
    #expect(forms(language, L10n.Chat.messageCount) == expected)
  }

  @Test(arguments: [
    (Language.english, ["No chats", "1 chat", "5 chats"]),
    (.spanish, ["Sin chats", "1 chat", "5 chats"]),
  ])
  func conversationCount(language: Language, expected: [String]) {
    #expect(forms(language, L10n.Chat.conversationCount) == expected)
  }

  @Test(arguments: [
    (Language.english, ["0 tokens", "1 token", "5 tokens"]),
    (.spanish, ["0 tokens", "1 token", "5 tokens"]),
  ])
  func tokenCount(language: Language, expected: [String]) {
    #expect(forms(language, L10n.Chat.tokenCount) == expected)
  }

  @Test(arguments: [
    (Language.english, ["No memories", "1 memory", "5 memories"]),
    (.spanish, ["Sin recuerdos", "1 recuerdo", "5 recuerdos"]),
  ])
  func memoryCount(language: Language, expected: [String]) {
    #expect(forms(language, L10n.Chat.memoryCount) == expected)
  }

  @Test(arguments: [
    (Language.english, ["No free trial", "1-day free trial", "5-day free trial"]),
    (.spanish, ["Sin prueba gratuita", "Prueba gratuita de 1 día", "Prueba gratuita de 5 días"]),
  ])
  func freeTrialDays(language: Language, expected: [String]) {
    #expect(forms(language, L10n.Payments.freeTrialDays) == expected)
  }

  @Test(arguments: [
    (Language.english, ["Try again now", "Try again in 1 second", "Try again in 5 seconds"]),
    (
      .spanish,
      [
        "Inténtalo de nuevo ahora", "Inténtalo de nuevo en 1 segundo",
        "Inténtalo de nuevo en 5 segundos",
      ]
    ),
  ])
  func retryIn(language: Language, expected: [String]) {
    #expect(forms(language) { L10n.Error.retryIn(seconds: $0) } == expected)
  }

  @Test(arguments: Language.allCases)
  func largeAndNegativeCountsUseTheirPluralForm(language: Language) {
    L10n.withLanguage(language) {
      #expect(
        L10n.Chat.messageCount(1_000) == L10n.Chat.messageCount(5).replacing("5", with: "1000"))
      #expect(L10n.Chat.messageCount(-1) == L10n.Chat.messageCount(1).replacing("1", with: "-1"))
    }
  }

  /// The forms for 0, 1 and 5 in `language`.
  private func forms(_ language: Language, _ accessor: (Int) -> String) -> [String] {
    L10n.withLanguage(language) { [0, 1, 5].map(accessor) }
  }
}
