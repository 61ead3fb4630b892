import Core
import Foundation
import Storage

/// The chat `kiln-bench sync` syncs: conversations of one linear thread each, user and
/// assistant taking turns, every message finished and 200 to 600 characters of prose with
/// the quotes, line breaks and accented letters the wire's JSON has to carry. The text is
/// seeded, so every run syncs the same bytes; identifiers are the app's time-ordered ones.
struct SyncBenchmarkCorpus {
  static let shortest = 200
  static let longest = 600

  private let random = RandomSource.seeded(0x7379_6E63)
  private let makeIdentifier = UUIDGenerator.timeOrdered(clock: .live, random: .live)
  private let start: Date

  private static let words = [
    "the", "a", "to", "of", "and", "in", "is", "it", "you", "that", "for", "on", "with", "as",
    "this", "be", "can", "your", "we", "function", "value", "return", "array", "swift",
    "actor", "task", "memory", "database", "query", "index", "request", "server", "token",
    "message", "conversation", "example", "because", "instead", "usually", "should", "first",
    "then", "every", "change", "sync", "device", "offline", "merge", "clock", "page", "cursor",
    "café", "naïve", "résumé", "`let`", "`var`", "(see", "above)", "e.g.", "—",
  ]

  /// A corpus whose conversations start `start` (ten minutes apart).
  init(start: Date) {
    self.start = start
  }

  /// A new identifier, as the app makes them.
  func identifier() -> UUID { makeIdentifier() }

  /// One message's text: sentences of words until its length (200 to 600 characters).
  func text() -> String {
    let length = Self.shortest + Int(random.unit() * Double(Self.longest - Self.shortest + 1))
    var text = ""
    var characters = 0
    var sentenceStart = true
    while characters < length {
      var word = Self.words[Int(random.unit() * Double(Self.words.count))]
      if sentenceStart { word = word.prefix(1).uppercased() + word.dropFirst() }
      let roll = random.unit()
      let ending = roll < 0.08 ? ".\n\n" : roll < 0.16 ? ". " : roll < 0.19 ? "\" " : " "
      sentenceStart = ending.hasPrefix(".")
      let piece = (roll >= 0.16 && roll < 0.19 ? "\"" : "") + word + ending
      text += piece
      characters += piece.count
    }
    return String(text.prefix(length))
  }

  /// Conversation `index` with `count` messages, one minute apart.
  func conversation(_ index: Int, messages count: Int) -> ConversationBundle {
    let created = start.addingTimeInterval(Double(index) * 600)
    let conversation = ConversationDTO(
      id: identifier(), title: "Conversation \(index): \(text().prefix(40))",
      personaName: index % 3 == 0 ? "Guide" : nil, createdAt: created,
      updatedAt: created.addingTimeInterval(Double(count) * 60))
    var messages: [MessageDTO] = []
    messages.reserveCapacity(count)
    var parent: UUID?
    for offset in 0..<count {
      let message = self.message(
        in: conversation.id, parent: parent, at: created.addingTimeInterval(Double(offset) * 60),
        isReply: offset % 2 == 1)
      messages.append(message)
      parent = message.id
    }
    return ConversationBundle(conversation: conversation, messages: messages)
  }

  /// A finished message in `conversation`; replies carry a model, a finish reason and
  /// token counts, as the app stores them.
  func message(in conversation: UUID, parent: UUID?, at date: Date, isReply: Bool) -> MessageDTO {
    MessageDTO(
      id: identifier(), conversationID: conversation, parentID: parent,
      role: isReply ? .assistant : .user, text: text(), createdAt: date, status: .complete,
      model: isReply ? "openai/gpt-4o-mini" : nil, finishReason: isReply ? "stop" : nil,
      promptTokens: isReply ? 420 : nil, completionTokens: isReply ? 130 : nil)
  }
}
