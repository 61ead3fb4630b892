/// The lines at the bottom of the output that may still change, and the escape codes that
/// replace them.
///
/// Lines are written each followed by `"\n"`, so the cursor rests at the start of the row
/// below them. An update keeps the longest unchanged prefix, moves the cursor up over the
/// rows after it, clears to the end of the screen and writes the rest. Rows are counted
/// with the terminal width, so a code line the terminal wraps counts as several.
struct LiveRegion: Sendable {
  /// The lines on screen that may be redrawn.
  private(set) var shown: [String] = []
  /// The terminal's columns, for counting wrapped rows; `nil` counts one row per line.
  var terminalWidth: Int?

  init(terminalWidth: Int?) {
    self.terminalWidth = terminalWidth
  }

  /// Shows `permanent` lines, which will never be redrawn, followed by `live` lines, which
  /// may be; returns what to write.
  mutating func update(permanent: [String], live: [String]) -> String {
    let next = permanent + live
    var common = 0
    while common < shown.count, common < next.count, shown[common] == next[common] {
      common += 1
    }
    let rewind = shown[common...].reduce(0) { $0 + rows(of: $1) }
    var output = ""
    if rewind > 0 {
      output += ANSI.carriageReturn + ANSI.cursorUp(rewind) + ANSI.clearToEndOfScreen
    }
    for line in next[common...] {
      output += line + "\n"
    }
    shown = live
    return output
  }

  /// The rows a line occupies at the terminal width.
  func rows(of line: String) -> Int {
    guard let terminalWidth, terminalWidth > 0 else { return 1 }
    let width = DisplayWidth.of(line)
    return max(1, (width + terminalWidth - 1) / terminalWidth)
  }

  /// The rows the live lines occupy.
  var shownRows: Int {
    shown.reduce(0) { $0 + rows(of: $1) }
  }
}
