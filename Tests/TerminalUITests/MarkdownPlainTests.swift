import Testing

@testable import TerminalUI

/// Plain mode: what pipes and `NO_COLOR` terminals get. Exact strings, one construct each.
@Suite struct MarkdownPlainTests {
  func render(_ markdown: String, width: Int? = 40, unicode: Bool = true) -> String {
    MarkdownRenderer(capabilities: unicode ? .plain : .ascii, width: width).render(markdown)
  }

  @Test func headingsKeepTheirMarks() {
    #expect(render("# One\n## Two ##\n###### Six") == "# One\n## Two\n###### Six\n")
  }

  @Test func setextHeadingsBecomeMarkedHeadings() {
    #expect(render("Title\n=====\nSub\n---") == "# Title\n## Sub\n")
  }

  @Test func emphasisMarkersDisappear() {
    #expect(
      render("Some *em*, _em_, **strong**, __strong__, ***both*** and ~~gone~~.")
        == "Some em, em, strong, strong, both and\ngone.\n")
  }

  @Test func unmatchedMarkersStayLiteral() {
    #expect(
      render("2 * 3 and snake_case_name and **open") == "2 * 3 and snake_case_name and **open\n")
  }

  @Test func inlineCodeKeepsBackticksAndItsContentVerbatim() {
    #expect(render("Run `swift *build*` now.") == "Run `swift *build*` now.\n")
    #expect(render("A ``tick ` inside`` here.") == "A `` tick ` inside `` here.\n")
  }

  @Test func escapesProduceTheLiteralCharacter() {
    #expect(render("\\*not em\\* and \\# hash") == "*not em* and # hash\n")
  }

  @Test func linksShowTheirURLAfterTheText() {
    #expect(
      render("See [the docs](https://kiln.dev/docs \"Docs\").")
        == "See the docs (https://kiln.dev/docs).\n")
    #expect(
      render("<https://kiln.dev> and https://x.org/a.") == "https://kiln.dev and https://x.org/a.\n"
    )
    #expect(render("[https://a.b](https://a.b)") == "https://a.b\n")
    #expect(render("![logo](img.png)") == "logo (img.png)\n")
  }

  @Test func paragraphsWrapAndJoinSoftBreaks() {
    let markdown = "The quick brown fox\njumps over the lazy dog and keeps running far away."
    #expect(
      render(markdown, width: 20)
        == "The quick brown fox\njumps over the lazy\ndog and keeps\nrunning far away.\n")
  }

  @Test func hardBreaksKeepTheLineBreak() {
    #expect(render("one  \ntwo\\\nthree") == "one\ntwo\nthree\n")
  }

  @Test func blankLinesSeparateBlocksOnceAndNeverLeadOrTrail() {
    #expect(render("\n\nfirst\n\n\n\nsecond\n\n") == "first\n\nsecond\n")
  }

  @Test func bulletListsNestWithHangingIndents() {
    let markdown = """
      - one
      - two is long enough to wrap
        - nested
          - deeper
      * star
      """
    let expected = """
      • one
      • two is long enough
        to wrap
        ◦ nested
          ▪ deeper
      • star

      """
    #expect(render(markdown, width: 20) == expected)
  }

  @Test func asciiListsUseASCIIBullets() {
    #expect(render("- a\n  - b", unicode: false) == "- a\n  * b\n")
  }

  @Test func numberedListsKeepTheirNumbersAndAlignContinuations() {
    let markdown = "1. first item text\n2) second\n10. tenth item wraps here"
    #expect(
      render(markdown, width: 16)
        == "1. first item\n   text\n2) second\n10. tenth item\n    wraps here\n")
  }

  @Test func listItemsTakeLazyContinuationLines() {
    #expect(render("- item\ncontinued") == "• item continued\n")
  }

  @Test func indentedParagraphAfterABlankLineStaysInTheItem() {
    #expect(
      render("1. Step\n\n   More about it.\n\nAfter.") == "1. Step\n\n   More about it.\n\nAfter.\n"
    )
  }

  @Test func codeFencesInsideListItemsAreIndentedWithTheItem() {
    let markdown = "1. Install:\n   ```sh\n   make install\n   ```\n2. Run"
    #expect(render(markdown) == "1. Install:\n   ```sh\n   make install\n   ```\n2. Run\n")
  }

  @Test func codeBlocksKeepFencesAndAreNeverWrappedOrReflowed() {
    let markdown =
      "```python\ndef f():\n\treturn  1  # a long comment that is wider than the width\n```"
    let expected =
      "```python\ndef f():\n    return  1  # a long comment that is wider than the width\n```\n"
    #expect(render(markdown, width: 20) == expected)
  }

  @Test func unclosedCodeBlockEndsWithTheText() {
    #expect(render("```\ncode\n\nmore") == "```\ncode\n\nmore\n")
  }

  @Test func tildeFencesAndLongerFencesWork() {
    #expect(render("~~~\n```\n~~~") == "~~~\n```\n~~~\n")
    #expect(render("````md\n```\n````") == "````md\n```\n````\n")
  }

  @Test func blockQuotesGetABarAndRenderTheirContent() {
    let markdown = "> quoted *text*\n> - item\n>\n> > nested"
    #expect(render(markdown) == "│ quoted text\n│ • item\n│\n│ │ nested\n")
  }

  @Test func quotesInASCII() {
    #expect(render("> hi", unicode: false) == "> hi\n")
  }

  @Test func horizontalRulesSpanTheWidthUpTo80() {
    #expect(render("a\n\n---\n\nb", width: 10) == "a\n\n──────────\n\nb\n")
    #expect(render("***", width: 200) == String(repeating: "─", count: 80) + "\n")
    #expect(render("* * *", width: nil, unicode: false) == String(repeating: "-", count: 40) + "\n")
  }

  @Test func tablesAlignInColumns() {
    let markdown = """
      | Name | Qty | Note |
      |:-----|----:|:----:|
      | Apple | 3 | `red` |
      | Kiwi | 12 | x |
      """
    let expected = """
      Name  │ Qty │ Note
      ──────┼─────┼──────
      Apple │   3 │ `red`
      Kiwi  │  12 │   x

      """
    #expect(render(markdown) == expected)
  }

  @Test func tablesTooWideArePassedThroughAsWritten() {
    let markdown = "| a | b |\n|---|---|\n| long cell | another long cell |"
    #expect(
      render(markdown, width: 12) == "| a | b |\n|---|---|\n| long cell\n| another\nlong cell |\n")
  }

  @Test func rowsWithMissingCellsArePadded() {
    #expect(render("a | b\n--|--\n1 |") == "a │ b\n──┼──\n1 │\n")
  }

  @Test func pipeLinesWithoutADelimiterRowStayAParagraph() {
    #expect(render("a | b\nc | d") == "a | b c | d\n")
  }

  @Test func noWidthMeansNoWrapping() {
    let long = String(repeating: "word ", count: 30).trimmingCharacters()
    #expect(render(long, width: nil) == long + "\n")
  }

  @Test func emptyDocumentRendersNothing() {
    #expect(render("") == "")
    #expect(render("\n\n") == "")
  }
}

extension String {
  func trimmingCharacters() -> String {
    trimmingSpaces()
  }
}
