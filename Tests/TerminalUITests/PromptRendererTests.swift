import Testing

@testable import TerminalUI

@Suite struct PromptRendererTests {
  let esc = "\u{1B}["

  @Test func drawsPromptAndTextWithTheCursorAtTheEnd() {
    var renderer = PromptRenderer(width: 20)
    let output = renderer.render(prompt: "> ", buffer: LineBuffer("hi"), depth: .none)
    #expect(output == "\r\(esc)J> hi\r\(esc)4C")
    #expect(renderer.cursorRow == 0)
  }

  @Test func cursorInTheMiddleMovesBack() {
    var renderer = PromptRenderer(width: 20)
    let output = renderer.render(prompt: "> ", buffer: LineBuffer("hello", cursor: 1), depth: .none)
    #expect(output == "\r\(esc)J> hello\r\(esc)3C")
  }

  @Test func promptIsStyled() {
    var renderer = PromptRenderer(width: 20)
    let prompt = StyledText("> ", style: TextStyle(.bold))
    let output = renderer.render(prompt: prompt, buffer: LineBuffer(), depth: .ansi256)
    #expect(output == "\r\(esc)J\(esc)1m> \(esc)0m\r\(esc)2C")
  }

  @Test func longTextWrapsAndTheNextRedrawStartsFromTheTop() {
    var renderer = PromptRenderer(width: 10)
    let text = String(repeating: "x", count: 15)
    let first = renderer.render(prompt: "> ", buffer: LineBuffer(text, cursor: 3), depth: .none)
    #expect(first == "\r\(esc)J> \(text)\(esc)1A\r\(esc)5C")
    #expect(renderer.cursorRow == 0)
    let second = renderer.render(prompt: "> ", buffer: LineBuffer(text), depth: .none)
    #expect(second == "\r\(esc)J> \(text)\r\(esc)7C")
    #expect(renderer.cursorRow == 1)
    let third = renderer.render(prompt: "> ", buffer: LineBuffer(text), depth: .none)
    #expect(third.hasPrefix("\r\(esc)1A\(esc)J"))
  }

  @Test func textFillingTheRowExactlyMovesTheCursorToTheNextRow() {
    var renderer = PromptRenderer(width: 5)
    let output = renderer.render(prompt: "> ", buffer: LineBuffer("abc"), depth: .none)
    #expect(output == "\r\(esc)J> abc\r\n\r")
    #expect(renderer.cursorRow == 1)
  }

  @Test func wideCharacterThatDoesNotFitMovesToTheNextRow() {
    let layout = PromptRenderer.layout(Array("> ab日x"), width: 5)
    #expect(layout.positions[4] == .init(row: 1, column: 0))
    #expect(layout.positions[5] == .init(row: 1, column: 2))
    #expect(layout.end == .init(row: 1, column: 3))
  }

  @Test func cursorOnAWrappedWideCharacterSitsOnItsRow() {
    var renderer = PromptRenderer(width: 5)
    _ = renderer.render(prompt: "> ", buffer: LineBuffer("ab日x", cursor: 2), depth: .none)
    #expect(renderer.cursorRow == 1)
  }

  @Test func lineBreaksInTheTextStartNewRows() {
    var renderer = PromptRenderer(width: 20)
    let output = renderer.render(prompt: "> ", buffer: LineBuffer("a\nbc"), depth: .none)
    #expect(output == "\r\(esc)J> a\r\nbc\r\(esc)2C")
    #expect(renderer.cursorRow == 1)
  }

  @Test func commitMovesBelowTheText() {
    var renderer = PromptRenderer(width: 10)
    _ = renderer.render(
      prompt: "> ", buffer: LineBuffer(String(repeating: "y", count: 15), cursor: 0), depth: .none)
    #expect(renderer.commit() == "\(esc)1B\r\n")
    #expect(renderer.cursorRow == 0)
  }

  @Test func commitAfterAnExactlyFullRowDoesNotAddABlankLine() {
    var renderer = PromptRenderer(width: 5)
    _ = renderer.render(prompt: "> ", buffer: LineBuffer("abc"), depth: .none)
    #expect(renderer.commit() == "\r")
  }

  @Test func resizeRecomputesTheCursorRow() {
    var renderer = PromptRenderer(width: 10)
    _ = renderer.render(
      prompt: "> ", buffer: LineBuffer(String(repeating: "z", count: 15)), depth: .none)
    #expect(renderer.cursorRow == 1)
    renderer.resize(width: 40)
    #expect(renderer.cursorRow == 0)
    #expect(renderer.width == 40)
  }
}
