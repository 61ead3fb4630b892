import DesignSystem
import Testing

@testable import TerminalUI

/// Styled mode: exact escape codes with a small theme whose roles are easy to read.
@Suite struct MarkdownStyledTests {
  static let accent = RGBColor(0x0000FF)
  static let green = RGBColor(0x00FF00)
  static let amber = RGBColor(0xFFAA00)

  let theme = TerminalTheme(
    palette: TerminalPalette(
      background: RGBColor(0), surface: RGBColor(0), textPrimary: RGBColor(0),
      textSecondary: RGBColor(0), textTertiary: RGBColor(0), accent: accent,
      success: green, warning: amber, danger: RGBColor(0xFF0000),
      userBubble: accent, assistantBubble: RGBColor(0)))

  let styled = TerminalCapabilities(
    isInteractive: true, colorDepth: .trueColor, supportsUnicode: true)

  func render(_ markdown: String, width: Int? = 40) -> String {
    MarkdownRenderer(theme: theme, capabilities: styled, width: width).render(markdown)
  }

  let esc = "\u{1B}["
  var blue: String { "38;2;0;0;255" }
  var greenCode: String { "38;2;0;255;0" }
  var amberCode: String { "38;2;255;170;0" }

  @Test func headingIsBoldAccent() {
    #expect(render("## Hi") == "\(esc)1;\(blue)m## Hi\(esc)0m\n")
  }

  @Test func emphasisStrongAndStrikeUseAttributes() {
    #expect(
      render("*a* **b** ***c*** ~~d~~")
        == "\(esc)3ma\(esc)0m \(esc)1mb\(esc)0m \(esc)1;3mc\(esc)0m \(esc)9md\(esc)0m\n")
  }

  @Test func emphasisInsideAHeadingKeepsTheHeadingStyle() {
    #expect(render("# A *b*") == "\(esc)1;\(blue)m# A \(esc)0m\(esc)1;3;\(blue)mb\(esc)0m\n")
  }

  @Test func inlineCodeDropsBackticksAndTakesTheCodeColour() {
    #expect(render("run `make`") == "run \(esc)\(amberCode)mmake\(esc)0m\n")
  }

  @Test func linkTextIsUnderlinedAndTheURLDimmed() {
    #expect(
      render("[docs](https://k.dev)")
        == "\(esc)4;\(blue)mdocs\(esc)0m\(esc)2m (https://k.dev)\(esc)0m\n")
  }

  @Test func listMarkersTakeTheMarkerColour() {
    #expect(render("- a\n1. b") == "\(esc)\(blue)m•\(esc)0m a\n\(esc)\(blue)m1.\(esc)0m b\n")
  }

  @Test func quoteBarAndTextAreStyled() {
    #expect(render("> q") == "\(esc)2;\(blue)m│\(esc)0m \(esc)3mq\(esc)0m\n")
  }

  @Test func codeBlockIsHighlightedWithDimFences() {
    let expected =
      "\(esc)2m```swift\(esc)0m\n"
      + "\(esc)1;\(blue)mlet\(esc)0m x = \(esc)\(amberCode)m1\(esc)0m \(esc)2;3m// one\(esc)0m\n"
      + "\(esc)2m```\(esc)0m\n"
    #expect(render("```swift\nlet x = 1 // one\n```") == expected)
  }

  @Test func unknownLanguageIsPlainCode() {
    #expect(
      render("```cobol\nMOVE 1 TO X.\n```")
        == "\(esc)2m```cobol\(esc)0m\nMOVE 1 TO X.\n\(esc)2m```\(esc)0m\n")
  }

  @Test func tableHeaderIsBoldAndBordersDim() {
    let expected =
      "\(esc)1ma\(esc)0m \(esc)2m│\(esc)0m \(esc)1mb\(esc)0m\n\(esc)2m──┼──\(esc)0m\n1 \(esc)2m│\(esc)0m 2\n"
    #expect(render("a|b\n-|-\n1|2") == expected)
  }

  @Test func ruleIsDim() {
    #expect(render("---", width: 3) == "\(esc)2m───\(esc)0m\n")
  }

  @Test func wrappingCountsOnlyVisibleColumns() {
    let output = render("**aaaa** **bbbb** **cccc**", width: 10)
    #expect(output == "\(esc)1maaaa\(esc)0m \(esc)1mbbbb\(esc)0m\n\(esc)1mcccc\(esc)0m\n")
  }

  @Test(arguments: [
    TerminalCapabilities(isInteractive: true, colorDepth: .none, supportsUnicode: true),
    TerminalCapabilities.plain,
    TerminalCapabilities.detect(
      environment: ["NO_COLOR": "1", "TERM": "xterm"], outputIsTerminal: true),
    TerminalCapabilities.detect(environment: ["TERM": "xterm-256color"], outputIsTerminal: false),
  ])
  func noColourOrNoTerminalProducesNoEscapes(capabilities: TerminalCapabilities) {
    let markdown = """
      # Head *em*

      Text **b** `c` [l](https://u) ~~s~~

      - item
      > quote

      | a | b |
      |---|---|
      | 1 | 2 |

      ```swift
      let x = "s" // c
      ```
      ---
      """
    let output = MarkdownRenderer(theme: .standard, capabilities: capabilities, width: 40)
      .render(markdown)
    #expect(!output.contains("\u{1B}"))
    #expect(output.contains("`c`"))
  }

  @Test func styledAndPlainHaveTheSameVisibleTextExceptCodeTicks() {
    let markdown = "# T\n\nA *b* [c](https://d) and more words to wrap around.\n\n- x\n  - y"
    let styledText = DisplayWidth.strippingEscapes(render(markdown, width: 20))
    let plain = MarkdownRenderer(capabilities: .plain, width: 20).render(markdown)
    #expect(styledText == plain)
  }
}
