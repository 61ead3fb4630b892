import Core
import Foundation
import Storage

/// Deterministic chat data for `kiln-bench storage`: Zipf-distributed words from a made-up
/// vocabulary, plus the "common word" `swift` in about 8% of messages. Identifiers are the
/// app's own time-ordered (version 7) UUIDs by default, or random version-4 ones.
struct StorageBenchmarkCorpus {
  static let commonWord = "swift"
  static let messagesPerConversation = 100

  private let random = RandomSource.seeded(0x6B69_6C6E)
  /// Whether identifiers are time-ordered (version 7), as the app makes them.
  let orderedIDs: Bool
  private let orderedGenerator: UUIDGenerator
  private let vocabulary: [String]
  private let cumulative: [Double]
  private let start = Date(timeIntervalSince1970: 1_700_000_000)

  init(orderedIDs: Bool) {
    self.orderedIDs = orderedIDs
    // One millisecond per identifier, as a busy app would make them.
    orderedGenerator = UUIDGenerator.timeOrdered(
      clock: .incrementing(from: Date(timeIntervalSince1970: 1_700_000_000), by: 0.001),
      random: .seeded(0x7631_6964))
    let syllables = ["ka", "lo", "mi", "ne", "ra", "su", "ti", "vo", "ze", "pa", "do", "fi", "gu"]
    var words: [String] = []
    for first in syllables {
      for second in syllables {
        words.append(first + second)
        for third in syllables.prefix(8) { words.append(first + second + third) }
      }
    }
    vocabulary = words
    var total = 0.0
    cumulative = words.indices.map { index in
      total += 1 / Double(index + 1)
      return total
    }
  }

  /// The next identifier: time-ordered, or random from the seeded source.
  func identifier() -> UUID {
    if orderedIDs { return orderedGenerator() }
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in bytes.indices { bytes[index] = UInt8(random.unit() * 256) }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  /// Message text of 5 to 40 words.
  func text() -> String {
    let count = 5 + Int(random.unit() * 36)
    var words: [String] = []
    words.reserveCapacity(count + 1)
    let total = cumulative[cumulative.count - 1]
    for _ in 0..<count {
      let target = random.unit() * total
      var low = 0
      var high = cumulative.count - 1
      while low < high {
        let middle = (low + high) / 2
        if cumulative[middle] < target { low = middle + 1 } else { high = middle }
      }
      words.append(vocabulary[low])
    }
    if random.unit() < 0.08 {
      words.insert(Self.commonWord, at: Int(random.unit() * Double(words.count)))
    }
    return words.joined(separator: " ")
  }

  /// Conversation `index` with its messages, a linear thread alternating user and
  /// assistant, one second apart.
  func conversation(_ index: Int) -> (ConversationDTO, [MessageDTO]) {
    let created = start.addingTimeInterval(Double(index) * 600)
    let count = Self.messagesPerConversation
    let conversation = ConversationDTO(
      id: identifier(), title: "Conversation \(index)", personaName: index % 3 == 0 ? "Guide" : nil,
      createdAt: created, updatedAt: created.addingTimeInterval(Double(count)))
    var messages: [MessageDTO] = []
    messages.reserveCapacity(count)
    var parent: UUID?
    for offset in 0..<count {
      let isReply = offset % 2 == 1
      let message = MessageDTO(
        id: identifier(), conversationID: conversation.id, parentID: parent,
        role: isReply ? .assistant : .user, text: text(),
        createdAt: created.addingTimeInterval(Double(offset + 1)),
        model: isReply ? "bench/model" : nil, finishReason: isReply ? "stop" : nil,
        promptTokens: isReply ? 100 + offset : nil, completionTokens: isReply ? 20 : nil)
      messages.append(message)
      parent = message.id
    }
    return (conversation, messages)
  }
}
