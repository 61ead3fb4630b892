/// A key press or paste, decoded from the bytes a terminal sends.
public enum KeyEvent: Hashable, Sendable {
  /// Printable text typed (one or more characters from one read).
  case text(String)
  /// Enter or Return (CR or LF).
  case enter
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Backspace (DEL or BS).
  case backspace
  /// The Delete key (forward delete).
  case delete
  /// Cursor left.
  case left
  /// Cursor right.
  case right
  /// Cursor up.
  case up
  /// Cursor down.
  case down
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Insert.
  case insert
  /// Ctrl-Left or Alt-Left: one word left.
  case wordLeft
  /// Ctrl-Right or Alt-Right: one word right.
  case wordRight
  /// Alt-Backspace or Ctrl-Backspace: delete the word before the cursor.
  case deleteWordBackward
  /// Ctrl-Delete: delete the word after the cursor.
  case deleteWordForward
  /// A function key, F1–F12.
  case function(Int)
  /// A control key: `"a"` for Ctrl-A … `"z"`, and `"@"`, `"\\"`, `"]"`, `"^"`, `"_"`.
  /// Ctrl-C arrives as `.control("c")` and Ctrl-D as `.control("d")` because raw mode turns
  /// off the terminal's own handling of them.
  case control(Character)
  /// Alt (Meta) with a character, sent as ESC followed by it.
  case alt(Character)
  /// The Escape key on its own.
  case escape
  /// Text pasted while bracketed paste mode was on, line breaks normalised to `"\n"`.
  case paste(String)
  /// A sequence this decoder does not know, kept for logging.
  case unknown([UInt8])
}

/// What the terminal reports besides keys.
public enum TerminalEvent: Hashable, Sendable {
  /// A key or paste.
  case key(KeyEvent)
  /// The window changed size.
  case resize(TerminalSize)
}

/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// Columns.
  public var columns: Int
  /// Rows.
  public var rows: Int

  /// A size from columns and rows.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
