import Foundation
import Storage
import TestSupport
import Testing

/// The Markdown export takes its words from the caller, so it can be in any language.
@Suite struct ConversationMarkdownLabelsTests {
  private static let utc = TimeZone(secondsFromGMT: 0) ?? .current

  private static let spanish = ConversationMarkdown.Labels(
    persona: "Persona", created: "Creada", updated: "Actualizada", you: "Tú",
    assistant: "Asistente", system: "Sistema", tool: "Herramienta", sending: "enviando",
    incomplete: "incompleta", failed: "fallida", stopped: "detenida",
    personaNames: ["general": "Asistente general"])

  private func conversation(personaID: String?) -> ConversationDTO {
    ConversationDTO(
      id: Fixture.uuid(1), title: "Charla", personaName: "General Assistant",
      personaID: personaID, createdAt: Fixture.referenceDate, updatedAt: Fixture.referenceDate)
  }

  private func messages() -> [MessageDTO] {
    var reply = makeMessage(
      2, in: Fixture.uuid(1), at: Fixture.referenceDate, role: .assistant, text: "Hola")
    reply.status = .cancelled
    return [makeMessage(1, in: Fixture.uuid(1), at: Fixture.referenceDate), reply]
  }

  @Test func theGivenLabelsReplaceEveryEnglishWord() {
    let markdown = ConversationMarkdown.render(
      conversation(personaID: "general"), messages: messages(), timeZone: Self.utc,
      labels: Self.spanish)
    #expect(markdown.contains("- Persona: Asistente general\n"))
    #expect(markdown.contains("- Creada: 2026-06-01 12:00 UTC\n"))
    #expect(markdown.contains("- Actualizada: "))
    #expect(markdown.contains("### Tú · 2026-06-01 12:00 UTC\n"))
    #expect(markdown.contains("### Asistente · 2026-06-01 12:00 UTC · _detenida_\n"))
    for english in ["General Assistant", "Created", "Updated", "### You", "### Assistant"] {
      #expect(!markdown.contains(english), "\(english) in \(markdown)")
    }
  }

  @Test func aPersonaWithoutATranslatedNameKeepsItsStoredName() {
    let markdown = ConversationMarkdown.render(
      conversation(personaID: "mine"), messages: [], timeZone: Self.utc, labels: Self.spanish)
    #expect(markdown.contains("- Persona: General Assistant\n"))
  }

  @Test func withoutLabelsTheExportIsEnglish() {
    let markdown = ConversationMarkdown.render(
      conversation(personaID: "general"), messages: messages(), timeZone: Self.utc)
    #expect(markdown.contains("- Persona: General Assistant\n"))
    #expect(markdown.contains("### You · "))
    #expect(markdown.contains("### Assistant · 2026-06-01 12:00 UTC · _stopped_\n"))
  }
}
