/// The text being edited and the cursor, in grapheme clusters.
///
/// The cursor sits between characters (0 is before the first). Inserting a combining mark
/// after a letter joins it to that letter, as the screen shows it. Pure and value-typed, so
/// every editing command is unit-tested.
public struct LineBuffer: Hashable, Sendable {
  /// The characters.
  public private(set) var characters: [Character]
  /// The cursor position, 0...characters.count.
  public private(set) var cursor: Int

  /// A buffer holding `text` with the cursor at its end.
  public init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  /// A buffer holding `text` with the cursor at `cursor` (clamped).
  public init(_ text: String, cursor: Int) {
    characters = Array(text)
    self.cursor = min(max(0, cursor), characters.count)
  }

  /// The text.
  public var text: String { String(characters) }

  /// Whether the buffer is empty.
  public var isEmpty: Bool { characters.isEmpty }

  /// The text before the cursor.
  public var textBeforeCursor: String { String(characters[..<cursor]) }

  /// Inserts text at the cursor and moves the cursor after it.
  public mutating func insert(_ text: String) {
    guard !text.isEmpty else { return }
    let joinsPrevious = cursor > 0
    let head = joinsPrevious ? String(characters[cursor - 1]) : ""
    let combined = Array(head + text)
    let start = joinsPrevious ? cursor - 1 : cursor
    characters.replaceSubrange(start..<cursor, with: combined)
    cursor = start + combined.count
  }

  /// Replaces the whole text and puts the cursor at its end.
  public mutating func replaceAll(with text: String) {
    characters = Array(text)
    cursor = characters.count
  }

  /// Deletes the character before the cursor; false when there is none.
  @discardableResult
  public mutating func deleteBackward() -> Bool {
    guard cursor > 0 else { return false }
    characters.remove(at: cursor - 1)
    cursor -= 1
    return true
  }

  /// Deletes the character after the cursor; false when there is none.
  @discardableResult
  public mutating func deleteForward() -> Bool {
    guard cursor < characters.count else { return false }
    characters.remove(at: cursor)
    return true
  }

  /// Moves the cursor one character left; false at the start.
  @discardableResult
  public mutating func moveLeft() -> Bool {
    guard cursor > 0 else { return false }
    cursor -= 1
    return true
  }

  /// Moves the cursor one character right; false at the end.
  @discardableResult
  public mutating func moveRight() -> Bool {
    guard cursor < characters.count else { return false }
    cursor += 1
    return true
  }

  /// Moves the cursor to the start.
  public mutating func moveToStart() {
    cursor = 0
  }

  /// Moves the cursor to the end.
  public mutating func moveToEnd() {
    cursor = characters.count
  }
}

extension LineBuffer {
  /// The start of the word before the cursor: skips spaces, then word characters
  /// (letters, digits, `_`), or a run of other non-space characters.
  var previousWordStart: Int {
    var position = cursor
    while position > 0, characters[position - 1].isWhitespace { position -= 1 }
    guard position > 0 else { return 0 }
    let inWord = Self.isWordCharacter(characters[position - 1])
    while position > 0, !characters[position - 1].isWhitespace,
      Self.isWordCharacter(characters[position - 1]) == inWord
    {
      position -= 1
    }
    return position
  }

  /// The end of the word after the cursor, by the same rules.
  var nextWordEnd: Int {
    var position = cursor
    while position < characters.count, characters[position].isWhitespace { position += 1 }
    guard position < characters.count else { return characters.count }
    let inWord = Self.isWordCharacter(characters[position])
    while position < characters.count, !characters[position].isWhitespace,
      Self.isWordCharacter(characters[position]) == inWord
    {
      position += 1
    }
    return position
  }

  /// The start of the whitespace-delimited word before the cursor (Ctrl-W's rule).
  var previousBlankDelimitedStart: Int {
    var position = cursor
    while position > 0, characters[position - 1].isWhitespace { position -= 1 }
    while position > 0, !characters[position - 1].isWhitespace { position -= 1 }
    return position
  }

  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// Moves the cursor to the start of the previous word.
  public mutating func moveWordLeft() {
    cursor = previousWordStart
  }

  /// Moves the cursor to the end of the next word.
  public mutating func moveWordRight() {
    cursor = nextWordEnd
  }

  /// Deletes back to the previous whitespace (Ctrl-W); returns the deleted text.
  @discardableResult
  public mutating func deleteBlankDelimitedWordBackward() -> String {
    removeRange(previousBlankDelimitedStart..<cursor)
  }

  /// Deletes back to the start of the previous word (Alt-Backspace); returns the text.
  @discardableResult
  public mutating func deleteWordBackward() -> String {
    removeRange(previousWordStart..<cursor)
  }

  /// Deletes to the end of the next word (Alt-D); returns the deleted text.
  @discardableResult
  public mutating func deleteWordForward() -> String {
    removeRange(cursor..<nextWordEnd)
  }

  /// Deletes from the cursor to the end (Ctrl-K); returns the deleted text.
  @discardableResult
  public mutating func killToEnd() -> String {
    removeRange(cursor..<characters.count)
  }

  /// Deletes from the start to the cursor (Ctrl-U); returns the deleted text.
  @discardableResult
  public mutating func killToStart() -> String {
    removeRange(0..<cursor)
  }

  /// Swaps the characters around the cursor (Ctrl-T), or the last two at the end.
  public mutating func transpose() {
    guard characters.count >= 2, cursor > 0 else { return }
    let right = cursor == characters.count ? cursor - 1 : cursor
    characters.swapAt(right - 1, right)
    cursor = right + 1
  }

  private mutating func removeRange(_ range: Range<Int>) -> String {
    guard !range.isEmpty else { return "" }
    let removed = String(characters[range])
    characters.removeSubrange(range)
    cursor = range.lowerBound
    return removed
  }
}
