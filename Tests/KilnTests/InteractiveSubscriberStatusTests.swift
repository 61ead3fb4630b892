import AI
import TerminalUI
import Testing

@testable import kiln

/// The plan on the status line and in the welcome: a subscriber sees "Kiln Pro" where a free
/// user sees the messages left.
@Suite struct InteractiveSubscriberStatusTests {
  private let subscriber = ChatStatus(
    title: "Planning a trip to Lisbon in spring", model: "gpt-4o-mini",
    persona: "General Assistant", freeMessagesLeft: nil, tokensUsed: 12_345, plan: "Kiln Pro")

  @Test func aSubscribersLineEndsWithThePlan() {
    #expect(
      subscriber.rendered(width: 200, theme: .standard, capabilities: .plain)
        == "Planning a trip to Lisbon in spring · gpt-4o-mini · General Assistant · "
        + "12,345 tokens · Kiln Pro")
  }

  @Test func aNarrowTerminalShortensEverythingButThePlan() {
    let line = subscriber.rendered(width: 60, theme: .standard, capabilities: .plain)
    #expect(line.hasPrefix("Planning a…"), "the title is shortened first")
    #expect(line.hasSuffix("… · Kiln Pro"), "\(line)")
    #expect(DisplayWidth.of(line) <= 59)
  }

  @Test(arguments: [1, 2, 5, 8, 9, 11, 12, 20, 40, 80])
  func aSubscribersLineNeverReachesTheLastColumn(width: Int) {
    for capabilities in [TerminalCapabilities.plain, .ascii] {
      let line = subscriber.rendered(width: width, theme: .standard, capabilities: capabilities)
      #expect(DisplayWidth.of(line) <= max(1, width - 1), "\(line)")
      #expect(!line.contains("\n"))
    }
  }

  @Test func onlyThePlanIsShownWhenNothingElseIsKnown() {
    let bare = ChatStatus(tokensUsed: 0, plan: "Kiln Pro")
    #expect(bare.rendered(width: 80, theme: .standard, capabilities: .plain) == "Kiln Pro")
  }

  @Test func theWelcomeNamesThePlanOfASubscriber() {
    let echo = AIConfiguration(provider: .echo(reason: "none"), catalogue: .echo)
    let lines = Welcome.lines(
      version: "1", ai: echo, model: "echo", freeMessagesLeft: nil, plan: "Kiln Pro",
      signedInAs: "me@example.com")
    #expect(lines.last == "Kiln Pro · signed in as me@example.com")
  }
}
