import Foundation

extension InMemoryChatStore {
  /// Full-text search over the active paths of every conversation, best match first.
  /// - Throws: `StorageError.invalidInput` when the query has no words or the limit is below 1.
  public func searchMessages(_ query: String, limit: Int) throws -> [MessageSearchHit] {
    try Validation.limit(limit)
    let parsed = try MessageSearch.query(query)
    let terms = parsed.terms
    let all = Array(messages.values)
    let matching = all.filter { stored in
      terms.allSatisfy { term in stored.words.contains(where: term.matches) }
        && parsed.symbols.allSatisfy { stored.message.text.contains($0) }
    }
    let window = matching.sorted { $0.sequence > $1.sequence }.prefix(MessageSearch.window)
    let ranking = BM25(documents: all.map(\.words), terms: terms)
    let ranked =
      window
      .filter(\.message.isOnActivePath)
      .map { (stored: $0, score: ranking.score($0.words)) }
      .sorted { lhs, rhs in
        lhs.score != rhs.score ? lhs.score < rhs.score : lhs.stored.sequence > rhs.stored.sequence
      }
    return ranked.prefix(limit).compactMap { entry in
      guard let conversation = conversations[entry.stored.message.conversationID] else {
        return nil
      }
      return MessageSearchHit(
        message: entry.stored.message, conversation: conversation,
        snippet: SearchSnippet.build(text: entry.stored.message.text, terms: terms))
    }
  }

  /// Takes `messageID` and every newer message on the active path off it, so the next `append`
  /// starts a new branch from the message before.
  /// - Throws: `StorageError.notFound`.
  public func detachFromActivePath(messageID: UUID) throws {
    let target = try requireMessage(messageID)
    guard target.isOnActivePath else { return }
    for message in messages(in: target.conversationID)
    where message.isOnActivePath && !messagePageOrder(target, message) {
      messages[message.id]?.message.isOnActivePath = false
    }
  }

  /// The messages that share `messageID`'s parent (itself included), oldest first: the versions of
  /// an edited message or of a regenerated reply.
  /// - Throws: `StorageError.notFound`.
  public func alternatives(to messageID: UUID) throws -> [MessageDTO] {
    let target = try requireMessage(messageID)
    return messages(in: target.conversationID)
      .filter { $0.parentID == target.parentID }
      .sorted(by: messagePageOrder).reversed()
  }

  /// Makes the branch through `messageID` the active path: its ancestors, itself, and from it down
  /// the newest child at each step.
  /// - Throws: `StorageError.notFound`.
  public func activateBranch(messageID: UUID) throws {
    let target = try requireMessage(messageID)
    let siblings = messages(in: target.conversationID)
    let nodes = siblings.map {
      BranchPath.Node(id: $0.id, parentID: $0.parentID, createdAt: $0.createdAt)
    }
    let path = Set(BranchPath.path(through: messageID, in: nodes))
    for message in siblings {
      messages[message.id]?.message.isOnActivePath = path.contains(message.id)
    }
  }
}

/// Okapi BM25 as SQLite's FTS5 computes it (k1 = 1.2, b = 0.75, idf floored at 1e-6),
/// negated so that lower is better, like FTS5's `rank`.
struct BM25 {
  private let idf: [Double]
  private let averageLength: Double
  private let terms: [MessageSearch.Term]

  init(documents: [[String]], terms: [MessageSearch.Term]) {
    self.terms = terms
    let total = Double(documents.count)
    averageLength = total == 0 ? 1 : Double(documents.map(\.count).reduce(0, +)) / total
    idf = terms.map { term in
      let hits = Double(documents.filter { $0.contains(where: term.matches) }.count)
      let value = log((total - hits + 0.5) / (hits + 0.5))
      return value <= 0 ? 1e-6 : value
    }
  }

  func score(_ words: [String]) -> Double {
    let k1 = 1.2
    let b = 0.75
    var score = 0.0
    for (index, term) in terms.enumerated() {
      let frequency = Double(words.filter(term.matches).count)
      let length = Double(words.count)
      score +=
        idf[index] * (frequency * (k1 + 1))
        / (frequency + k1 * (1 - b + b * length / averageLength))
    }
    return -score
  }
}
