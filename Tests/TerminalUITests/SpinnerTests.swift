import TestSupport
import Testing

@testable import TerminalUI

@Suite struct SpinnerTests {
  let utf8 = TerminalCapabilities(isInteractive: true, colorDepth: .none, supportsUnicode: true)

  @Test func framesCycle() {
    let spinner = Spinner(label: "Thinking", capabilities: utf8)
    #expect(spinner.frame(at: 0) == "⠋")
    #expect(spinner.frame(at: 10) == "⠋")
    #expect(spinner.frame(at: 11) == "⠙")
    #expect(spinner.frame(at: -1) == "⠏")
  }

  @Test func asciiFallbackWithoutUTF8() {
    let spinner = Spinner(label: "", capabilities: .ascii)
    #expect((0..<5).map(spinner.frame(at:)) == ["|", "/", "-", "\\", "|"])
    #expect(spinner.line(at: 1).plainText == "/")
  }

  @Test func drawsOverTheCurrentLine() {
    let spinner = Spinner(label: "Thinking", capabilities: utf8)
    #expect(spinner.draw(tick: 2, depth: .none) == "\r⠹ Thinking\u{1B}[K")
    #expect(Spinner.erase == "\r\u{1B}[2K")
  }

  @Test func ticksFollowTheInjectedClock() async {
    let clock = ManualClock()
    var ticks = Spinner.ticks(clock: clock.appClock).makeAsyncIterator()
    #expect(await ticks.next() == 0)
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: Spinner.interval)
    #expect(await ticks.next() == 1)
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .milliseconds(79))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(1))
    #expect(await ticks.next() == 2)
  }
}

@Suite struct StatusLineTests {
  let full = StatusLine(
    conversationTitle: "Planning a trip to Japan", model: "gpt-4o", persona: "Guide",
    freeMessagesLeft: 3, tokensUsed: 1234)

  @Test func showsEveryPartWhenItFits() {
    #expect(
      full.styledText(width: 200).plainText
        == "Planning a trip to Japan · gpt-4o · Guide · 3 free messages left · 1,234 tokens")
  }

  @Test func shortensTheTitleFirst() {
    #expect(
      full.styledText(width: 70).plainText
        == "Planning a tri… · gpt-4o · Guide · 3 free messages left · 1,234 tokens")
  }

  @Test func cutsTheEndWhenTheRestIsTooWide() {
    for width in [0, 1, 5, 20, 40, 59] {
      let line = full.styledText(width: width).plainText
      #expect(DisplayWidth.of(line) <= width, "width \(width)")
      #expect(!line.contains("\n"))
    }
    #expect(full.styledText(width: 20).plainText == "Planning a… · gpt-4…")
  }

  @Test func lineBreaksInValuesNeverWrap() {
    let line = StatusLine(conversationTitle: "two\nlines", model: "m\tx").styledText(width: 80)
    #expect(line.plainText == "two lines · m x")
  }

  @Test func omitsUnknownParts() {
    #expect(StatusLine(model: "echo").styledText(width: 80).plainText == "echo")
    #expect(StatusLine().styledText(width: 80).plainText == "")
  }

  @Test func asciiUsesASCIISeparatorAndEllipsis() {
    #expect(
      full.styledText(width: 30, glyphs: .ascii).plainText == "Planning... | gpt-4o | Guid...")
  }

  @Test func freeMessagesTakeWarningAndErrorStyles() {
    let theme = TerminalTheme.standard
    let empty = StatusLine(freeMessagesLeft: 0).styledText(width: 80, theme: theme)
    #expect(empty.spans == [StyledText.Span("0 free messages left", style: theme.error)])
    let low = StatusLine(freeMessagesLeft: 1).styledText(width: 80, theme: theme)
    #expect(low.spans == [StyledText.Span("1 free message left", style: theme.warning)])
  }

  @Test func plainRenderingHasNoEscapes() {
    #expect(!full.render(width: 50, capabilities: .plain).contains("\u{1B}"))
    let styled = TerminalCapabilities(
      isInteractive: true, colorDepth: .ansi256, supportsUnicode: true)
    #expect(full.render(width: 50, capabilities: styled).contains("\u{1B}[2m"))
  }

  @Test(arguments: [
    (0, "0"), (999, "999"), (1000, "1,000"), (1_234_567, "1,234,567"), (-4200, "-4,200"),
  ])
  func groupsThousands(value: Int, expected: String) {
    #expect(StatusLineLabels.groupedThousands(value) == expected)
  }
}
