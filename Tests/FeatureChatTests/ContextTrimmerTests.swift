import FeatureChat
import Testing

@Suite struct ContextTrimmerTests {
  /// A message whose cost is its number, to make budgets readable.
  struct Message: Equatable {
    var cost: Int
    var isUser = true
  }

  private func kept(_ costs: [Int], system: Int, budget: Int) -> Range<Int> {
    ContextTrimmer.keptRange(
      of: costs.map { Message(cost: $0) }, systemTokens: system, budget: budget,
      tokens: \.cost)
  }

  @Test func everythingIsKeptWhenItFitsExactly() {
    #expect(kept([10, 20, 30], system: 40, budget: 100) == 0..<3)
  }

  @Test func oneTokenOverTheBudgetDropsTheOldestMessage() {
    #expect(kept([10, 20, 30], system: 41, budget: 100) == 1..<3)
  }

  @Test func oldestMessagesGoFirstAndTheKeptPartIsContiguous() {
    // 5 + 50 fits, then 30 would exceed 100 even though 1 would fit after it.
    #expect(kept([1, 30, 50, 5], system: 20, budget: 100) == 2..<4)
  }

  @Test func theNewestMessageAndSystemPromptStayEvenWhenTheyAloneExceedTheBudget() {
    #expect(kept([10, 20, 500], system: 300, budget: 100) == 2..<3)
    #expect(kept([500], system: 0, budget: 1) == 0..<1)
  }

  @Test func aBudgetExactlyEqualToSystemPlusNewestKeepsOnlyThose() {
    #expect(kept([1, 25], system: 75, budget: 100) == 1..<2)
    #expect(kept([1, 25], system: 74, budget: 100) == 0..<2)
  }

  @Test func emptyHistoryKeepsNothing() {
    #expect(kept([], system: 10, budget: 100) == 0..<0)
  }

  @Test func aKeptPartNeverStartsWithAReply() {
    let history = [
      Message(cost: 40), Message(cost: 10, isUser: false), Message(cost: 10),
      Message(cost: 10, isUser: false), Message(cost: 10),
    ]
    let range = ContextTrimmer.keptRange(
      of: history, systemTokens: 0, budget: 40, tokens: \.cost, canLead: \.isUser)
    #expect(range == 2..<5)
  }

  @Test func aLoneNewestMessageIsKeptEvenIfItCannotLead() {
    let range = ContextTrimmer.keptRange(
      of: [Message(cost: 5, isUser: false)], systemTokens: 0, budget: 1, tokens: \.cost,
      canLead: \.isUser)
    #expect(range == 0..<1)
  }
}

@Suite struct TokenEstimateTests {
  @Test(arguments: [
    ("", 0), ("a", 1), ("abcd", 1), ("abcde", 2), ("Hello, world", 3),
    ("café", 1 + 1), ("東京", 2), ("🙂", 1), ("naïve café", 2 + 2),
  ])
  func asciiCostsAQuarterAndOtherScalarsOneEach(text: String, expected: Int) {
    #expect(TokenEstimate.tokens(in: text) == expected)
  }

  @Test func messagesAddTheirFraming() {
    #expect(TokenEstimate.messageTokens("") == TokenEstimate.messageOverhead)
    #expect(TokenEstimate.messageTokens("abcdefgh") == 2 + TokenEstimate.messageOverhead)
  }
}
