import Testing

@testable import TerminalUI

@Suite struct LineEditorTests {
  func type(_ keys: [KeyEvent], into editor: inout LineEditor) -> [LineEditorResult] {
    keys.map { editor.handle($0) }
  }

  @Test func typingAndEnterSubmitAndRecord() {
    var editor = LineEditor()
    let results = type([.text("hi"), .text(" there"), .enter], into: &editor)
    #expect(results == [.edited, .edited, .submitted("hi there")])
    #expect(editor.buffer.isEmpty)
    #expect(editor.history.entries == ["hi there"])
  }

  @Test func emacsKeysEdit() {
    var editor = LineEditor()
    _ = type(
      [.text("world"), .control("a"), .text("hello "), .control("e"), .text("!")], into: &editor)
    #expect(editor.buffer.text == "hello world!")
    _ = type([.control("b"), .control("k")], into: &editor)
    #expect(editor.buffer.text == "hello world")
    _ = type([.control("w"), .control("y"), .control("y")], into: &editor)
    #expect(editor.buffer.text == "hello worldworld")
    _ = type([.control("u")], into: &editor)
    #expect(editor.buffer.text == "")
  }

  @Test func ctrlCAbandonsTheLineAndReportsWhatWasLost() {
    var editor = LineEditor()
    _ = type([.text("draft")], into: &editor)
    #expect(editor.handle(.control("c")) == .interrupted(discarded: "draft"))
    #expect(editor.handle(.control("c")) == .interrupted(discarded: ""))
    #expect(editor.history.entries.isEmpty)
  }

  @Test func ctrlDIsEndOfFileOnlyOnAnEmptyLine() {
    var editor = LineEditor()
    #expect(editor.handle(.control("d")) == .endOfFile)
    _ = type([.text("ab"), .home], into: &editor)
    #expect(editor.handle(.control("d")) == .edited)
    #expect(editor.buffer.text == "b")
  }

  @Test func historyBrowsingRestoresTheDraft() {
    var editor = LineEditor(history: LineHistory(entries: ["one", "two"]))
    _ = type([.text("dra")], into: &editor)
    _ = type([.up], into: &editor)
    #expect(editor.buffer.text == "two")
    _ = type([.control("p")], into: &editor)
    #expect(editor.buffer.text == "one")
    #expect(editor.handle(.up) == .unchanged)
    _ = type([.down, .control("n")], into: &editor)
    #expect(editor.buffer.text == "dra")
    #expect(editor.buffer.cursor == 3)
  }

  @Test func pasteKeepsLineBreaksAndDropsControls() {
    var editor = LineEditor()
    _ = type([.paste("a\tb\nc\u{7}d")], into: &editor)
    #expect(editor.buffer.text == "a    b\ncd")
    #expect(editor.handle(.enter) == .submitted("a    b\ncd"))
  }

  @Test func altEnterInsertsALineBreak() {
    var editor = LineEditor()
    _ = type([.text("a"), .alt("\n"), .text("b")], into: &editor)
    #expect(editor.buffer.text == "a\nb")
  }

  @Test func wordKeys() {
    var editor = LineEditor()
    _ = type([.text("one two three"), .wordLeft, .alt("b"), .deleteWordForward], into: &editor)
    #expect(editor.buffer.text == "one  three")
    _ = type([.end, .deleteWordBackward], into: &editor)
    #expect(editor.buffer.text == "one  ")
    _ = type([.home, .wordRight, .alt("f")], into: &editor)
    #expect(editor.buffer.cursor == 5)
  }

  @Test func unchangedWhenNothingMoves() {
    var editor = LineEditor()
    #expect(editor.handle(.left) == .unchanged)
    #expect(editor.handle(.backspace) == .unchanged)
    #expect(editor.handle(.control("k")) == .unchanged)
    #expect(editor.handle(.function(3)) == .unchanged)
    #expect(editor.handle(.escape) == .unchanged)
  }

  @Test func screenAndSuspendKeys() {
    var editor = LineEditor()
    #expect(editor.handle(.control("l")) == .clearScreen)
    #expect(editor.handle(.control("z")) == .suspend)
  }

  @Test func tabCompletesAUniqueCandidate() {
    var editor = LineEditor { prefix in
      ["/persona ", "/help ", "/pin "].filter { $0.hasPrefix(prefix) }
    }
    _ = type([.text("/he"), .tab], into: &editor)
    #expect(editor.buffer.text == "/help ")
  }

  @Test func tabExtendsToTheCommonPrefixThenLists() {
    var editor = LineEditor { prefix in
      ["/persona", "/pin", "/help"].filter { $0.hasPrefix(prefix) }
    }
    _ = type([.text("/"), .tab], into: &editor)
    #expect(editor.buffer.text == "/")
    #expect(editor.handle(.tab) == .completions(["/persona", "/pin", "/help"]))
    _ = type([.text("pe"), .tab], into: &editor)
    #expect(editor.buffer.text == "/persona")
  }

  @Test func tabWithoutACompleterDoesNothing() {
    var editor = LineEditor()
    #expect(editor.handle(.tab) == .unchanged)
  }
}
