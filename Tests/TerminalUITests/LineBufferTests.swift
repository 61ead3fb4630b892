import Testing

@testable import TerminalUI

@Suite struct LineBufferTests {
  @Test func insertsAtTheCursor() {
    var buffer = LineBuffer("held", cursor: 2)
    buffer.insert("llo wor")
    #expect(buffer.text == "hello world")
    #expect(buffer.cursor == 9)
  }

  @Test func cursorMovesByGraphemeCluster() {
    var buffer = LineBuffer("a👨‍👩‍👧e\u{301}")
    #expect(buffer.characters.count == 3)
    buffer.moveLeft()
    buffer.deleteBackward()
    #expect(buffer.text == "ae\u{301}")
    #expect(buffer.cursor == 1)
  }

  @Test func combiningMarkTypedLaterJoinsThePreviousCharacter() {
    var buffer = LineBuffer("caf")
    buffer.insert("e")
    buffer.insert("\u{301}")
    #expect(buffer.characters.count == 4)
    #expect(buffer.cursor == 4)
    #expect(buffer.text == "café")
  }

  @Test func deletesBothWays() {
    var buffer = LineBuffer("abc", cursor: 1)
    let deletedForward = buffer.deleteForward()
    #expect(deletedForward)
    #expect(buffer.text == "ac")
    let deletedBackward = buffer.deleteBackward()
    #expect(deletedBackward)
    #expect(buffer.text == "c")
    let deletedAtStart = buffer.deleteBackward()
    #expect(!deletedAtStart)
    buffer.moveToEnd()
    let deletedAtEnd = buffer.deleteForward()
    #expect(!deletedAtEnd)
  }

  @Test func movementStopsAtTheEdges() {
    var buffer = LineBuffer("ab", cursor: 0)
    let movedLeft = buffer.moveLeft()
    #expect(!movedLeft)
    buffer.moveToEnd()
    let movedRight = buffer.moveRight()
    #expect(!movedRight)
    buffer.moveToStart()
    #expect(buffer.cursor == 0)
  }

  @Test func wordMovementSkipsSpacesAndPunctuationRuns() {
    var buffer = LineBuffer("let value = foo.bar()")
    buffer.moveWordLeft()
    #expect(buffer.cursor == 19)
    buffer.moveWordLeft()
    #expect(buffer.cursor == 16)
    buffer.moveWordLeft()
    #expect(buffer.cursor == 15)
    buffer.moveToStart()
    buffer.moveWordRight()
    #expect(buffer.cursor == 3)
    buffer.moveWordRight()
    #expect(buffer.cursor == 9)
  }

  @Test func ctrlWDeletesBackToWhitespace() {
    var buffer = LineBuffer("git commit -m fix/this  ")
    #expect(buffer.deleteBlankDelimitedWordBackward() == "fix/this  ")
    #expect(buffer.text == "git commit -m ")
  }

  @Test func altBackspaceDeletesOneWordOnly() {
    var buffer = LineBuffer("path/to/file")
    #expect(buffer.deleteWordBackward() == "file")
    #expect(buffer.text == "path/to/")
  }

  @Test func deleteWordForwardKeepsTheCursor() {
    var buffer = LineBuffer("one two three", cursor: 3)
    #expect(buffer.deleteWordForward() == " two")
    #expect(buffer.text == "one three")
    #expect(buffer.cursor == 3)
  }

  @Test func killsToEndAndStart() {
    var buffer = LineBuffer("hello world", cursor: 5)
    #expect(buffer.killToEnd() == " world")
    #expect(buffer.text == "hello")
    buffer = LineBuffer("hello world", cursor: 6)
    #expect(buffer.killToStart() == "hello ")
    #expect(buffer.text == "world")
    #expect(buffer.cursor == 0)
  }

  @Test func transposeSwapsAroundTheCursor() {
    var buffer = LineBuffer("abc", cursor: 1)
    buffer.transpose()
    #expect(buffer.text == "bac")
    #expect(buffer.cursor == 2)
    buffer.moveToEnd()
    buffer.transpose()
    #expect(buffer.text == "bca")
  }

  @Test func cursorIsClamped() {
    #expect(LineBuffer("ab", cursor: 9).cursor == 2)
    #expect(LineBuffer("ab", cursor: -1).cursor == 0)
  }
}

@Suite struct LineHistoryTests {
  @Test func browsingKeepsTheLineBeingTyped() {
    var history = LineHistory(entries: ["first", "second"])
    #expect(history.previous(current: "draft") == "second")
    #expect(history.previous(current: "second") == "first")
    #expect(history.previous(current: "first") == nil)
    #expect(history.next() == "second")
    #expect(history.next() == "draft")
    #expect(history.next() == nil)
  }

  @Test func emptyHistoryHasNothingToBrowse() {
    var history = LineHistory()
    #expect(history.previous(current: "x") == nil)
    #expect(history.next() == nil)
  }

  @Test func recordingSkipsBlanksAndRepeats() {
    var history = LineHistory()
    history.record("a")
    history.record("a")
    history.record("   ")
    history.record("b")
    history.record("a")
    #expect(history.entries == ["a", "b", "a"])
  }

  @Test func oldestEntriesDropBeyondTheLimit() {
    var history = LineHistory(entries: ["1", "2", "3"], limit: 3)
    history.record("4")
    #expect(history.entries == ["2", "3", "4"])
    #expect(LineHistory(entries: ["a", "b", "c"], limit: 2).entries == ["b", "c"])
  }

  @Test func recordingEndsBrowsing() {
    var history = LineHistory(entries: ["old"])
    _ = history.previous(current: "")
    history.record("new")
    #expect(history.position == nil)
    #expect(history.previous(current: "") == "new")
  }
}
