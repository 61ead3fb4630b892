import AI
import Foundation
import TerminalUI
import Testing

@testable import kiln

@Suite struct InteractiveStatusTests {
  private let status = ChatStatus(
    title: "Planning a trip to Lisbon in spring", model: "gpt-4o-mini",
    persona: "General Assistant", freeMessagesLeft: 7, tokensUsed: 12_345)

  @Test func theLineNamesEverythingWhenItFits() {
    let line = status.rendered(width: 200, theme: .standard, capabilities: .plain)
    #expect(
      line
        == "Planning a trip to Lisbon in spring · gpt-4o-mini · General Assistant · "
        + "7 messages remaining · 12,345 tokens")
  }

  @Test(arguments: [1, 2, 10, 20, 39, 40, 41, 60, 80, 119, 120])
  func theLineNeverReachesTheLastColumn(width: Int) {
    for capabilities in [TerminalCapabilities.plain, .ascii] {
      let line = status.rendered(width: width, theme: .standard, capabilities: capabilities)
      #expect(DisplayWidth.of(line) <= max(1, width - 1))
      #expect(!line.contains("\n"))
    }
  }

  @Test func aNarrowTerminalShortensTheTitleFirst() {
    let line = status.rendered(width: 100, theme: .standard, capabilities: .plain)
    #expect(line.hasPrefix("Planning a trip to Lisbon… · gpt-4o-mini"))
    #expect(line.hasSuffix("12,345 tokens"))
  }

  @Test func tokensAndFreeMessagesShowOnlyWhenKnown() {
    let fresh = ChatStatus(
      title: "New Chat", model: "echo", persona: "Translator", freeMessagesLeft: nil,
      tokensUsed: 0)
    #expect(
      fresh.rendered(width: 80, theme: .standard, capabilities: .plain)
        == "New Chat · echo · Translator")
    let none = ChatStatus(
      title: nil, model: nil, persona: "Translator", freeMessagesLeft: 0, tokensUsed: 1)
    #expect(
      none.rendered(width: 80, theme: .standard, capabilities: .plain)
        == "Translator · No messages remaining · 1 token")
  }

  @Test func aStyledLineUsesTheThemeAndStillFits() {
    let capabilities = TerminalCapabilities(
      isInteractive: true, colorDepth: .trueColor, supportsUnicode: true)
    let line = status.rendered(width: 50, theme: .standard, capabilities: capabilities)
    #expect(line.contains("\u{1B}["))
    #expect(DisplayWidth.of(DisplayWidth.strippingEscapes(line)) <= 49)
  }

  @Test func theWelcomeSaysWhoAnswersAndHowToGetHelp() {
    let echo = AIConfiguration(provider: .echo(reason: "none"), catalogue: .echo)
    let lines = Welcome.lines(
      version: "1.2.3", ai: echo, model: "echo", freeMessagesLeft: 10, signedInAs: nil)
    #expect(lines.first?.hasPrefix("Kiln 1.2.3 · chatting with the echo model") == true)
    #expect(lines.contains { $0.contains("OPENAI_API_KEY") })
    #expect(lines.contains { $0.contains("/help") && $0.contains("Ctrl-C") })
    #expect(lines.last == "10 messages remaining")

    let values = ["OPENAI_BASE_URL": "http://127.0.0.1:11434/v1", "KILN_MODEL": "llama3"]
    let local = try? AIConfiguration.resolve(values)
    let direct = Welcome.lines(
      version: "1", ai: local ?? echo, model: "llama3", freeMessagesLeft: nil,
      signedInAs: "me@example.com")
    #expect(direct.first == "Kiln 1 · chatting with local server · llama3")
    #expect(!direct.contains { $0.contains("OPENAI_API_KEY") })
    #expect(direct.last == "signed in as me@example.com")
  }

  @Test(arguments: [
    (nil, ColorSchemeName.dark), ("15;0", .dark), ("0;15", .light), ("12;7", .light),
    ("7;8", .dark), ("garbage", .dark), ("0;default;15", .light),
  ])
  func theSystemThemeFollowsTheTerminalBackground(_ value: String?, _ expected: ColorSchemeName) {
    let environment = value.map { ["COLORFGBG": $0] } ?? [:]
    #expect(SessionTheme.colorScheme(environment).rawValue == expected.rawValue)
  }

  enum ColorSchemeName: String {
    case light, dark
  }
}
