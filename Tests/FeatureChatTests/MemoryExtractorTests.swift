import FeatureChat
import Testing

@Suite struct MemoryExtractorTests {
  @Test(arguments: [
    ("remember that my name is Ana", "My name is Ana"),
    ("Remember that I prefer metric units.", "I prefer metric units"),
    ("  REMEMBER THAT I live in Lisbon!  ", "I live in Lisbon"),
    ("Please remember that my dog is called Rex", "My dog is called Rex"),
    ("remember: deadlines are on Fridays", "Deadlines are on Fridays"),
    ("remember:I use vim", "I use vim"),
    ("Recuerda que soy vegetariano.", "Soy vegetariano"),
    ("por favor recuerda que vivo en Madrid", "Vivo en Madrid"),
  ])
  func factsFollowingARememberOpeningAreExtracted(message: String, fact: String) {
    #expect(MemoryExtractor.fact(in: message) == fact)
  }

  @Test(arguments: [
    "Do you remember that film we saw?",
    "remember that film we saw?",
    "I can't remember that at all",
    "remember to buy milk",
    "remember that",
    "remember that   ...",
    "What should I remember?",
    "",
  ])
  func messagesThatAreNotFactsYieldNothing(message: String) {
    #expect(MemoryExtractor.fact(in: message) == nil)
  }
}

@Suite struct SystemPromptTests {
  @Test func thePersonaPromptComesFirstThenTheFactsNewestFirst() {
    let prompt = SystemPrompt(
      personaPrompt: "Be brief.", memories: ["Name is Ana", "Lives in Lisbon"],
      memoryBudget: 500)
    #expect(
      prompt.text
        == "Be brief.\n\nFacts the user asked you to remember:\n- Name is Ana\n- Lives in Lisbon")
    #expect(prompt.includedMemories == 2)
  }

  @Test func noPersonaAndNoMemoriesMeansNoSystemMessage() {
    #expect(SystemPrompt(personaPrompt: nil, memories: [], memoryBudget: 500).text == nil)
    #expect(SystemPrompt(personaPrompt: "", memories: [], memoryBudget: 500).text == nil)
  }

  @Test func memoriesStopAtTheBudgetAndAnOversizedOneIsSkipped() {
    // The heading costs 10 + 1 tokens; "- abcd" costs 2 + 1.
    let big = String(repeating: "x", count: 400)
    let prompt = SystemPrompt(
      personaPrompt: nil, memories: ["abcd", big, "efgh", "ijkl"], memoryBudget: 17)
    #expect(prompt.memories == ["abcd", "efgh"])
    #expect(prompt.text == "Facts the user asked you to remember:\n- abcd\n- efgh")
  }

  @Test func aBudgetTooSmallForAnyFactLeavesOnlyThePersona() {
    let prompt = SystemPrompt(personaPrompt: "P", memories: ["abcd"], memoryBudget: 13)
    #expect(prompt.text == "P")
    #expect(prompt.includedMemories == 0)
  }
}

@Suite struct ConversationTitleTests {
  @Test(arguments: [
    ("Hello there", "Hello there"),
    ("  Plan a\n\ntrip   to Lisbon \n", "Plan a trip to Lisbon"),
    (
      "What is the best way to learn Swift concurrency quickly?",
      "What is the best way to learn Swift…"
    ),
    ("1234567890123456789012345678901234567890", "1234567890123456789012345678901234567890"),
    ("12345678901234567890123456789012345678901", "1234567890123456789012345678901234567890…"),
    (
      "Explain this: the quick brown fox jumped, over the dog", "Explain this: the quick brown fox…"
    ),
    ("aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii", "aaaa bbbb cccc dddd eeee ffff gggg hhhh…"),
  ])
  func titlesAreOneTrimmedLineCutAtAWordBoundary(message: String, title: String) {
    #expect(ConversationTitle.derive(from: message) == title)
  }

  @Test func blankMessagesGiveNoTitle() {
    #expect(ConversationTitle.derive(from: " \n\t ") == nil)
  }

  @Test func derivedTitlesAreNeverLongerThanTheLimitPlusTheEllipsis() {
    let long = String(repeating: "word ", count: 30)
    let title = ConversationTitle.derive(from: long) ?? ""
    #expect(title.count <= ConversationTitle.maxLength + 1)
    #expect(title.hasSuffix("…"))
  }
}
