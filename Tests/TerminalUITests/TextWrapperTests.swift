import Testing

@testable import TerminalUI

@Suite struct TextWrapperTests {
  @Test func breaksAtSpacesWithinTheWidth() {
    #expect(
      TextWrapper.wrap("the quick brown fox jumps", width: 10) == [
        "the quick", "brown fox", "jumps",
      ])
  }

  @Test func aLineExactlyTheWidthFits() {
    #expect(TextWrapper.wrap("abcde fghij", width: 5) == ["abcde", "fghij"])
  }

  @Test func splitsWordsWiderThanTheLine() {
    #expect(TextWrapper.wrap("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
  }

  @Test func wideCharactersNeverStraddleTheEdge() {
    #expect(TextWrapper.wrap("a日本語", width: 4) == ["a日", "本語"])
  }

  @Test func explicitLineBreaksAlwaysBreak() {
    #expect(TextWrapper.wrap("one\ntwo three", width: 20) == ["one", "two three"])
  }

  @Test func spacesInsideALineAreKept() {
    #expect(TextWrapper.wrap("a  b", width: 10) == ["a  b"])
  }

  @Test func noWidthOnlyBreaksAtNewlines() {
    let long = String(repeating: "word ", count: 50)
    #expect(TextWrapper.wrap(long + "\nend", width: nil) == [long, "end"])
  }

  @Test func escapeSequencesTakeNoRoomAndStayWithTheirText() {
    let text = "\u{1B}[1mbold\u{1B}[0m words here"
    #expect(TextWrapper.wrap(text, width: 10) == ["\u{1B}[1mbold\u{1B}[0m words", "here"])
  }

  @Test func hangingIndentCountsAgainstTheWidth() {
    let lines = TextWrapper.wrap(
      StyledText("alpha beta gamma delta"), width: 12, firstPrefix: "- ",
      continuationPrefix: "  ")
    #expect(lines.map(\.plainText) == ["- alpha beta", "  gamma", "  delta"])
  }

  @Test func stylesSurviveTheBreak() {
    let bold = TextStyle(.bold)
    let text = StyledText("one two", style: bold)
    let lines = TextWrapper.wrap(text, width: 4)
    #expect(lines == [StyledText("one", style: bold), StyledText("two", style: bold)])
  }

  @Test func emptyTextIsOneEmptyLine() {
    #expect(TextWrapper.wrap("", width: 10) == [""])
  }
}

@Suite struct StyledTextTests {
  @Test func adjacentRunsWithTheSameStyleMerge() {
    var text = StyledText("a")
    text.append("b")
    text.append("c", style: TextStyle(.bold))
    #expect(text.spans.count == 2)
    #expect(text.plainText == "abc")
  }

  @Test func renderingNeverLeaksAStyle() {
    let text = StyledText("x", style: TextStyle(.bold)) + StyledText(" y")
    #expect(text.rendered(depth: .ansi256) == "\u{1B}[1mx\u{1B}[0m y")
    #expect(text.rendered(depth: .none) == "x y")
  }

  @Test func truncatesWithAnEllipsis() {
    #expect(StyledText("hello world").truncated(toWidth: 8).plainText == "hello w…")
    #expect(StyledText("hello world").truncated(toWidth: 7).plainText == "hello…")
    #expect(StyledText("short").truncated(toWidth: 8).plainText == "short")
    #expect(StyledText("日本語です").truncated(toWidth: 6).plainText == "日本…")
    #expect(StyledText("hello").truncated(toWidth: 4, ellipsis: "...").plainText == "h...")
    #expect(StyledText("hello").truncated(toWidth: 0).plainText == "")
  }

  @Test func truncationKeepsTheStyleOfTheCutRun() {
    let text = StyledText("ab") + StyledText("cdef", style: TextStyle(.bold))
    let cut = text.truncated(toWidth: 4)
    #expect(cut == StyledText("ab") + StyledText("c…", style: TextStyle(.bold)))
  }
}
