/// The system message a request starts with: the persona's prompt plus remembered facts.
public struct SystemPrompt: Sendable, Equatable {
  /// The text, or `nil` when there is neither a persona prompt nor a memory.
  public var text: String?
  /// How many memories fitted the budget and were included.
  public var includedMemories: Int { memories.count }
  /// The memories that fitted the budget, in the order they appear in `text`; Kiln's proxy
  /// receives these (it builds its own system prompt, decision 7).
  public var memories: [String]

  /// The heading that introduces the remembered facts (sent to the model, not shown).
  static let memoryHeading = "Facts the user asked you to remember:"

  /// Builds the prompt.
  /// - Parameters:
  ///   - personaPrompt: the persona's system prompt, if any.
  ///   - memories: remembered facts, newest first.
  ///   - memoryBudget: the most tokens the facts (and their heading) may add. Facts are
  ///     taken newest first; one that does not fit is skipped so shorter, older ones can.
  public init(personaPrompt: String?, memories: [String], memoryBudget: Int) {
    var lines: [String] = []
    var included: [String] = []
    var used = TokenEstimate.tokens(in: Self.memoryHeading) + 1
    for memory in memories {
      let line = "- " + memory
      let cost = TokenEstimate.tokens(in: line) + 1
      if used + cost > memoryBudget { continue }
      used += cost
      lines.append(line)
      included.append(memory)
    }
    var parts: [String] = []
    if let personaPrompt, !personaPrompt.isEmpty { parts.append(personaPrompt) }
    if !lines.isEmpty { parts.append(([Self.memoryHeading] + lines).joined(separator: "\n")) }
    self.text = parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    self.memories = included
  }
}
