import Testing

@testable import kiln

/// `/help` on its own, over a console and nothing else.
@MainActor
@Suite struct HelpHandlerTests {
  @Test func theListShowsEveryGroupEveryCommandAndTheKeys() async {
    let harness = HandlerHarness()
    #expect(await HelpHandler(console: harness.console).run(.help(nil)))
    let output = harness.io.output
    for group in SlashCommandSpec.Group.allCases { #expect(output.contains(group.rawValue)) }
    for spec in SlashCommandCatalogue.all { #expect(output.contains(spec.usage)) }
    #expect(output.contains("Ctrl-D quits"))
  }

  @Test func oneCommandShowsItsUsageAndAliases() async {
    let harness = HandlerHarness()
    #expect(await HelpHandler(console: harness.console).run(.help("list")))
    #expect(
      harness.io.output == "/chats [archived]\n  list conversations (pinned first)\n  also: /list\n"
    )
  }

  @Test func anUnknownTopicSuggestsTheClosestCommand() async {
    let harness = HandlerHarness()
    #expect(await HelpHandler(console: harness.console).run(.help("renam")))
    #expect(harness.io.errors == "There is no /renam. Did you mean /rename?\n")
  }

  @Test func otherCommandsAreNotHelps() async {
    let harness = HandlerHarness()
    #expect(await HelpHandler(console: harness.console).run(.quit) == false)
    #expect(harness.io.output.isEmpty)
  }
}
