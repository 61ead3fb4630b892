/// What handling one key did to the line being edited.
public enum LineEditorResult: Hashable, Sendable {
  /// The text or cursor changed: redraw.
  case edited
  /// Nothing changed.
  case unchanged
  /// Enter: the line is done. The buffer is cleared and the line recorded in history.
  case submitted(String)
  /// Ctrl-C: the line was abandoned. Carries the discarded text, empty when the line was
  /// already empty (the app's cue for "press Ctrl-C again to quit").
  case interrupted(discarded: String)
  /// Ctrl-D on an empty line: end of input.
  case endOfFile
  /// Ctrl-L: clear the screen and redraw.
  case clearScreen
  /// Tab found several completions that share nothing more; show them.
  case completions([String])
  /// Ctrl-Z: the user asked to suspend the program (the app calls `Terminal.suspend()`).
  case suspend
}

/// The line editor's behaviour, key by key, with no terminal attached.
///
/// Emacs-style keys as readline binds them: Ctrl-A/E home and end, Ctrl-B/F and arrows move,
/// Alt-B/F and Ctrl/Alt-arrows move by word, Ctrl-K/U kill to end/start, Ctrl-W and
/// Alt-Backspace delete a word back, Alt-D a word forward, Ctrl-Y yanks the last kill,
/// Ctrl-T transposes, Up/Down and Ctrl-P/N browse history, Alt-Enter inserts a line break.
public struct LineEditor: Sendable {
  /// The text and cursor.
  public var buffer = LineBuffer()
  /// Submitted lines.
  public var history: LineHistory
  /// Completions for Tab: given the text before the cursor, every full replacement for it.
  public var completer: (@Sendable (String) -> [String])?
  private var killRing = ""

  /// An editor with history and an optional completer.
  public init(
    history: LineHistory = LineHistory(), completer: (@Sendable (String) -> [String])? = nil
  ) {
    self.history = history
    self.completer = completer
  }

  /// Applies one key.
  public mutating func handle(_ key: KeyEvent) -> LineEditorResult {
    switch key {
    case .text(let text):
      return insert(text.filter { !Self.isControl($0) })
    case .paste(let text):
      return insert(Self.sanitizedPaste(text))
    case .alt("\n"):
      return insert("\n")
    case .enter:
      let line = buffer.text
      history.record(line)
      buffer = LineBuffer()
      return .submitted(line)
    case .tab:
      return complete()
    case .control(let letter):
      return control(letter)
    default:
      return moveOrDelete(key)
    }
  }

  private mutating func control(_ letter: Character) -> LineEditorResult {
    switch letter {
    case "c":
      let discarded = buffer.text
      buffer = LineBuffer()
      history.resetBrowsing()
      return .interrupted(discarded: discarded)
    case "d":
      if buffer.isEmpty { return .endOfFile }
      return changed(buffer.deleteForward())
    case "a": return moveOrDelete(.home)
    case "e": return moveOrDelete(.end)
    case "b": return moveOrDelete(.left)
    case "f": return moveOrDelete(.right)
    case "p": return moveOrDelete(.up)
    case "n": return moveOrDelete(.down)
    case "h": return moveOrDelete(.backspace)
    case "k": return kill(buffer.killToEnd())
    case "u": return kill(buffer.killToStart())
    case "w": return kill(buffer.deleteBlankDelimitedWordBackward())
    case "y": return insert(killRing)
    case "t":
      let before = buffer
      buffer.transpose()
      return changed(before != buffer)
    case "l": return .clearScreen
    case "z": return .suspend
    default: return .unchanged
    }
  }

  private mutating func moveOrDelete(_ key: KeyEvent) -> LineEditorResult {
    let before = buffer
    switch key {
    case .backspace: buffer.deleteBackward()
    case .delete: buffer.deleteForward()
    case .left: buffer.moveLeft()
    case .right: buffer.moveRight()
    case .home: buffer.moveToStart()
    case .end: buffer.moveToEnd()
    case .wordLeft, .alt("b"): buffer.moveWordLeft()
    case .wordRight, .alt("f"): buffer.moveWordRight()
    case .deleteWordBackward: return kill(buffer.deleteWordBackward())
    case .deleteWordForward, .alt("d"): return kill(buffer.deleteWordForward())
    case .up:
      guard let entry = history.previous(current: buffer.text) else { return .unchanged }
      buffer.replaceAll(with: entry)
    case .down:
      guard let entry = history.next() else { return .unchanged }
      buffer.replaceAll(with: entry)
    default: return .unchanged
    }
    return changed(before != buffer)
  }

  private mutating func insert(_ text: String) -> LineEditorResult {
    guard !text.isEmpty else { return .unchanged }
    buffer.insert(text)
    return .edited
  }

  private mutating func kill(_ removed: String) -> LineEditorResult {
    guard !removed.isEmpty else { return .unchanged }
    killRing = removed
    return .edited
  }

  private func changed(_ didChange: Bool) -> LineEditorResult {
    didChange ? .edited : .unchanged
  }

  private mutating func complete() -> LineEditorResult {
    guard let completer else { return .unchanged }
    let prefix = buffer.textBeforeCursor
    let candidates = completer(prefix).filter { $0.hasPrefix(prefix) }
    guard let first = candidates.first else { return .unchanged }
    let common = candidates.dropFirst().reduce(first) { shared, candidate in
      String(zip(shared, candidate).prefix { $0 == $1 }.map(\.0))
    }
    if common.count > prefix.count {
      buffer.insert(String(common.dropFirst(prefix.count)))
      return .edited
    }
    return candidates.count > 1 ? .completions(candidates) : .unchanged
  }

  static func isControl(_ character: Character) -> Bool {
    guard let value = character.unicodeScalars.first?.value else { return true }
    return value < 0x20 || value == 0x7F
  }

  /// Pasted text with tabs as four spaces and control characters other than line breaks
  /// removed.
  static func sanitizedPaste(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "\t" {
        result += "    "
      } else if character == "\n" || !isControl(character) {
        result.append(character)
      }
    }
    return result
  }
}
