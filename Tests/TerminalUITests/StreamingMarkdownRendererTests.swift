import Core
import Testing

@testable import TerminalUI

@Suite struct StreamingMarkdownRendererTests {
  static let document = """
    # Streaming *reply*

    Here is a paragraph with **bold** text, `code` and a [link](https://kiln.dev) that wraps.
    It continues on a second source line.

    1. First step:
       ```bash
       echo "hello" # greet
       ```
    2. Second step
       - nested bullet with more words than fit
    3. Third

    > A quote with *style*
    > spanning lines

    | Column | Value |
    |:-------|------:|
    | alpha  | 1     |
    | beta   | 22    |

    ```swift
    /* a block
       comment */
    let answer = 42
    ```

    ---

    Closing words, with a trailing line that has no newline
    """

  static let styled = TerminalCapabilities(
    isInteractive: true, colorDepth: .trueColor, supportsUnicode: true)

  func whole(_ capabilities: TerminalCapabilities, width: Int? = 50) -> String {
    MarkdownRenderer(capabilities: capabilities, width: width).render(Self.document)
  }

  func chunks(of text: String, sizes: [Int]) -> [String] {
    var result: [String] = []
    var rest = Substring(text)
    var index = 0
    while !rest.isEmpty {
      let size = max(1, sizes[index % sizes.count])
      result.append(String(rest.prefix(size)))
      rest = rest.dropFirst(size)
      index += 1
    }
    return result
  }

  static let chunkings: [[Int]] = [[1], [2], [3, 1, 7], [5, 11, 2], [64], [100_000]]

  @Test(arguments: chunkings)
  func appendOnlyOutputEqualsTheWholeRendering(sizes: [Int]) {
    for capabilities in [TerminalCapabilities.plain, Self.styled] {
      var streaming = StreamingMarkdownRenderer(
        renderer: MarkdownRenderer(capabilities: capabilities, width: 50), mode: .appendOnly)
      var output = ""
      for chunk in chunks(of: Self.document, sizes: sizes) { output += streaming.append(chunk) }
      output += streaming.finish()
      #expect(output == whole(capabilities))
    }
  }

  @Test(arguments: chunkings)
  func liveScreenEndsEqualToTheWholeRendering(sizes: [Int]) {
    for capabilities in [TerminalCapabilities.plain, Self.styled] {
      var streaming = StreamingMarkdownRenderer(
        renderer: MarkdownRenderer(capabilities: capabilities, width: 50),
        mode: .live(maximumRows: nil), terminalWidth: 500)
      var screen = VirtualScreen()
      for chunk in chunks(of: Self.document, sizes: sizes) {
        screen.apply(streaming.append(chunk))
      }
      screen.apply(streaming.finish())
      #expect(screen.text == whole(capabilities))
    }
  }

  @Test func randomChunkingsAgreeWithTheWholeRendering() {
    let random = RandomSource.seeded(42)
    for _ in 0..<20 {
      let sizes = (0..<16).map { _ in Int(random.double(in: 1...9.99)) }
      var streaming = StreamingMarkdownRenderer(
        renderer: MarkdownRenderer(capabilities: Self.styled, width: 30),
        mode: .live(maximumRows: nil), terminalWidth: 500)
      var screen = VirtualScreen()
      for chunk in chunks(of: Self.document, sizes: sizes) { screen.apply(streaming.append(chunk)) }
      screen.apply(streaming.finish())
      #expect(screen.text == whole(Self.styled, width: 30))
    }
  }

  @Test func liveModeShowsTheUnfinishedParagraphAndRedrawsOnlyIt() {
    var streaming = StreamingMarkdownRenderer(
      renderer: MarkdownRenderer(capabilities: .plain, width: 40), mode: .live(maximumRows: nil))
    var screen = VirtualScreen()
    screen.apply(streaming.append("First paragraph.\n\nSecond"))
    #expect(screen.text == "First paragraph.\n\nSecond\n")
    let update = streaming.append(" grows")
    #expect(update == "\r\u{1B}[1A\u{1B}[JSecond grows\n")
    screen.apply(update)
    #expect(screen.text == "First paragraph.\n\nSecond grows\n")
    #expect(streaming.liveRows == 2, "the blank line before the paragraph is part of the tail")
  }

  @Test func finalBlocksAreNeverRedrawn() {
    var streaming = StreamingMarkdownRenderer(
      renderer: MarkdownRenderer(capabilities: .plain, width: 40), mode: .live(maximumRows: nil))
    var screen = VirtualScreen()
    screen.apply(streaming.append(String(repeating: "word ", count: 40) + "\n\n"))
    let committedRows = screen.text.split(separator: "\n").count
    #expect(committedRows > 3)
    for word in ["tail ", "grows ", "slowly"] { screen.apply(streaming.append(word)) }
    #expect(screen.largestMoveUp <= 1)
  }

  @Test func longUnfinishedBlocksAreRedrawnEverySoOftenAndDrawPendingCatchesUp() {
    var streaming = StreamingMarkdownRenderer(
      renderer: MarkdownRenderer(capabilities: .plain, width: 1000), mode: .live(maximumRows: nil))
    var screen = VirtualScreen()
    var draws = 0
    let words = (0..<400).map { "w\($0) " }
    for word in words {
      let update = streaming.append(word)
      if !update.isEmpty { draws += 1 }
      screen.apply(update)
    }
    #expect(draws < words.count / 3)
    screen.apply(streaming.drawPending())
    let whole = MarkdownRenderer(capabilities: .plain, width: 1000).render(words.joined())
    #expect(screen.text == whole)
    #expect(streaming.drawPending() == "")
  }

  @Test func unchangedTailWritesNothing() {
    var streaming = StreamingMarkdownRenderer(
      renderer: MarkdownRenderer(capabilities: .plain, width: 40), mode: .live(maximumRows: nil))
    _ = streaming.append("Some **bold")
    #expect(streaming.append("") == "")
  }

  @Test func codeLinesAreFinalAsSoonAsTheyEnd() {
    var streaming = StreamingMarkdownRenderer(
      renderer: MarkdownRenderer(capabilities: .plain, width: 40), mode: .appendOnly)
    #expect(streaming.append("```python\nx = 1\ny") == "```python\nx = 1\n")
    #expect(streaming.append(" = 2\n") == "y = 2\n")
    #expect(streaming.finish() == "")
  }

  @Test func tallTailIsCutToTheMaximumRows() {
    var streaming = StreamingMarkdownRenderer(
      renderer: MarkdownRenderer(capabilities: .plain, width: 10), mode: .live(maximumRows: 2))
    var screen = VirtualScreen()
    screen.apply(streaming.append("one two three four five six"))
    #expect(screen.text == "one two\nthree four\n")
    #expect(streaming.liveRows == 2)
    screen.apply(streaming.finish())
    #expect(screen.text == "one two\nthree four\nfive six\n")
  }

  @Test func rowsCountWrappedCodeLines() {
    var streaming = StreamingMarkdownRenderer(
      renderer: MarkdownRenderer(capabilities: .plain, width: 10), mode: .live(maximumRows: nil))
    _ = streaming.append("```\n" + String(repeating: "x", count: 25))
    #expect(streaming.liveRows == 3)
  }

  @Test func textAfterFinishIsIgnored() {
    var streaming = StreamingMarkdownRenderer(
      renderer: MarkdownRenderer(capabilities: .plain, width: 40), mode: .appendOnly)
    #expect(streaming.append("done") == "")
    #expect(streaming.finish() == "done\n")
    #expect(streaming.append("more") == "")
    #expect(streaming.finish() == "")
  }

  @Test func carriageReturnLineFeedSplitAcrossChunksIsOneBreak() {
    var streaming = StreamingMarkdownRenderer(
      renderer: MarkdownRenderer(capabilities: .plain, width: 40), mode: .appendOnly)
    var output = streaming.append("a\r")
    output += streaming.append("\n\r\nb")
    output += streaming.finish()
    #expect(output == "a\n\nb\n")
  }

  @Test func modeFollowsTheCapabilities() {
    #expect(StreamingMarkdownRenderer.mode(for: .plain, terminalRows: 24) == .appendOnly)
    #expect(
      StreamingMarkdownRenderer.mode(for: Self.styled, terminalRows: 24) == .live(maximumRows: 22))
  }
}
