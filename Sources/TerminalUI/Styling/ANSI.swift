import DesignSystem

/// Escape sequences for styling and cursor control (ECMA-48 / xterm).
///
/// Callers decide whether to use them: styling goes through `TextStyle` and
/// `TerminalCapabilities`; cursor helpers are only written when the output is interactive.
public enum ANSI {
  /// The escape character that starts every sequence.
  public static let escape = "\u{1B}"
  /// Control Sequence Introducer.
  public static let csi = "\u{1B}["

  /// Resets every SGR attribute and colour.
  public static let reset = "\u{1B}[0m"

  /// The SGR sequence that switches to `style` at `depth`, or an empty string when the style
  /// is plain or the depth is `.none`.
  public static func sgr(_ style: TextStyle, depth: TerminalCapabilities.ColorDepth) -> String {
    guard depth != .none else { return "" }
    var codes: [String] = []
    let attributes = style.attributes
    if attributes.contains(.bold) { codes.append("1") }
    if attributes.contains(.dim) { codes.append("2") }
    if attributes.contains(.italic) { codes.append("3") }
    if attributes.contains(.underline) { codes.append("4") }
    if attributes.contains(.inverse) { codes.append("7") }
    if attributes.contains(.strikethrough) { codes.append("9") }
    if let foreground = style.foreground {
      codes.append(colorCode(foreground, depth: depth, isBackground: false))
    }
    if let background = style.background {
      codes.append(colorCode(background, depth: depth, isBackground: true))
    }
    guard !codes.isEmpty else { return "" }
    return csi + codes.joined(separator: ";") + "m"
  }

  /// `text` wrapped in the codes for `style` and a reset; `text` itself when nothing applies.
  public static func styled(
    _ text: String, _ style: TextStyle, depth: TerminalCapabilities.ColorDepth
  ) -> String {
    let start = sgr(style, depth: depth)
    guard !start.isEmpty, !text.isEmpty else { return text }
    return start + text + reset
  }

  static func colorCode(
    _ color: RGBColor, depth: TerminalCapabilities.ColorDepth, isBackground: Bool
  ) -> String {
    switch depth {
    case .trueColor:
      return "\(isBackground ? 48 : 38);2;\(color.red);\(color.green);\(color.blue)"
    case .ansi256:
      return "\(isBackground ? 48 : 38);5;\(color.ansi256Index)"
    case .ansi16, .none:
      let index = Int(color.ansi16Index)
      let base = index < 8 ? (isBackground ? 40 : 30) : (isBackground ? 100 : 90)
      return String(base + index % 8)
    }
  }
}

extension ANSI {
  /// Moves the cursor up `count` rows (nothing for zero).
  public static func cursorUp(_ count: Int) -> String {
    count > 0 ? "\(csi)\(count)A" : ""
  }

  /// Moves the cursor down `count` rows (nothing for zero).
  public static func cursorDown(_ count: Int) -> String {
    count > 0 ? "\(csi)\(count)B" : ""
  }

  /// Moves the cursor right `count` columns (nothing for zero).
  public static func cursorForward(_ count: Int) -> String {
    count > 0 ? "\(csi)\(count)C" : ""
  }

  /// Moves the cursor left `count` columns (nothing for zero).
  public static func cursorBack(_ count: Int) -> String {
    count > 0 ? "\(csi)\(count)D" : ""
  }

  /// Moves the cursor to `column` (0-based) of the current row.
  public static func cursorToColumn(_ column: Int) -> String {
    "\(csi)\(max(0, column) + 1)G"
  }

  /// Returns the cursor to the first column.
  public static let carriageReturn = "\r"
  /// Clears from the cursor to the end of the line.
  public static let clearToEndOfLine = "\u{1B}[K"
  /// Clears the whole current line (the cursor stays where it is).
  public static let clearLine = "\u{1B}[2K"
  /// Clears from the cursor to the end of the screen.
  public static let clearToEndOfScreen = "\u{1B}[J"
  /// Clears the screen and moves the cursor home.
  public static let clearScreen = "\u{1B}[H\u{1B}[2J"
  /// Hides the cursor.
  public static let hideCursor = "\u{1B}[?25l"
  /// Shows the cursor.
  public static let showCursor = "\u{1B}[?25h"
  /// Asks the terminal to mark pasted text (xterm bracketed paste mode).
  public static let enableBracketedPaste = "\u{1B}[?2004h"
  /// Stops marking pasted text.
  public static let disableBracketedPaste = "\u{1B}[?2004l"

  /// Erases the `rows` rows ending with the cursor's row: moves to the first column, up
  /// `rows - 1` rows and clears to the end of the screen. Used to redraw a region in place.
  public static func eraseRows(_ rows: Int) -> String {
    guard rows > 0 else { return "" }
    return carriageReturn + cursorUp(rows - 1) + clearToEndOfScreen
  }
}
