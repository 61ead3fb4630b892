/// Draws a prompt and the line being edited, and redraws it in place after every key.
///
/// The text may be longer than the terminal is wide and may hold wide characters and line
/// breaks; positions are computed the way a terminal places characters (a wide character
/// that does not fit at the end of a row moves to the next one), so the cursor lands on the
/// right cell. Each redraw moves up to the prompt's first row, clears to the end of the
/// screen and writes everything again: simple, and correct after any edit.
public struct PromptRenderer: Sendable {
  /// A cell position relative to the prompt's first row.
  struct Position: Hashable, Sendable {
    var row: Int
    var column: Int
  }

  /// Where the characters land.
  struct Layout: Hashable, Sendable {
    /// The position of each character.
    var positions: [Position]
    /// Where the next character would go.
    var end: Position
    /// Whether the last character filled its row exactly, leaving the terminal's cursor in
    /// its pending-wrap state.
    var fillsLastRow: Bool
  }

  /// The terminal's columns.
  public private(set) var width: Int
  /// The cursor's row relative to the prompt's first row, as last drawn.
  public private(set) var cursorRow = 0
  private var lastPrompt: [Character] = []
  private var lastBuffer = LineBuffer()

  /// A renderer for a terminal `width` columns wide.
  public init(width: Int) {
    self.width = max(1, width)
  }

  /// Draws `prompt` and `buffer` over what was drawn before; returns what to write.
  public mutating func render(
    prompt: StyledText, buffer: LineBuffer, depth: TerminalCapabilities.ColorDepth
  ) -> String {
    var output = ANSI.carriageReturn + ANSI.cursorUp(cursorRow) + ANSI.clearToEndOfScreen
    output += prompt.rendered(depth: depth)
    for character in buffer.characters {
      output += character == "\n" ? "\r\n" : String(character)
    }
    let promptCharacters = Array(prompt.plainText)
    let layout = Self.layout(promptCharacters + buffer.characters, width: width)
    if layout.fillsLastRow { output += "\r\n" }
    let cursor = Self.cursorPosition(
      layout, index: promptCharacters.count + buffer.cursor)
    output += ANSI.cursorUp(layout.end.row - cursor.row)
    output += ANSI.carriageReturn + ANSI.cursorForward(cursor.column)
    cursorRow = cursor.row
    lastPrompt = promptCharacters
    lastBuffer = buffer
    return output
  }

  /// Moves the cursor to the line after the edited text, so output can follow it, and
  /// forgets the drawing. Call after a line is submitted or abandoned.
  public mutating func commit() -> String {
    let layout = Self.layout(lastPrompt + lastBuffer.characters, width: width)
    var output = ANSI.cursorDown(layout.end.row - cursorRow)
    output += layout.fillsLastRow ? ANSI.carriageReturn : "\r\n"
    reset()
    return output
  }

  /// Forgets the drawing, for when the screen was cleared or something else was printed.
  public mutating func reset() {
    cursorRow = 0
    lastPrompt = []
    lastBuffer = LineBuffer()
  }

  /// Adopts a new terminal width. Terminals that reflow their text move the drawn line
  /// with it, so the cursor row is recomputed for the new width.
  public mutating func resize(width newWidth: Int) {
    width = max(1, newWidth)
    let layout = Self.layout(lastPrompt + lastBuffer.characters, width: width)
    cursorRow = Self.cursorPosition(layout, index: lastPrompt.count + lastBuffer.cursor).row
  }

  static func layout(_ characters: [Character], width: Int) -> Layout {
    var positions: [Position] = []
    positions.reserveCapacity(characters.count)
    var row = 0
    var column = 0
    var fills = false
    for character in characters {
      if character == "\n" {
        positions.append(Position(row: row, column: column))
        row += 1
        column = 0
        fills = false
        continue
      }
      let characterWidth = DisplayWidth.of(character)
      if characterWidth > 0, column + characterWidth > width {
        row += 1
        column = 0
      }
      positions.append(Position(row: row, column: column))
      column += characterWidth
      fills = column >= width
    }
    let end = fills ? Position(row: row + 1, column: 0) : Position(row: row, column: column)
    return Layout(positions: positions, end: end, fillsLastRow: fills)
  }

  static func cursorPosition(_ layout: Layout, index: Int) -> Position {
    index < layout.positions.count ? layout.positions[index] : layout.end
  }
}
