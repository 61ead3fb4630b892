/// Breaks text into lines no wider than a number of columns.
///
/// Lines break at spaces; a word wider than the line is split between characters (never
/// inside a grapheme cluster, and a wide character never straddles the edge). Explicit
/// `"\n"` always breaks. Spaces at a break are dropped; spaces inside a line are kept.
public enum TextWrapper {
  /// Wraps styled text to `width` columns. The first line starts with `firstPrefix` and the
  /// others with `continuationPrefix` (a hanging indent); the prefixes count against the
  /// width. A `nil` width only breaks at `"\n"`.
  public static func wrap(
    _ text: StyledText, width: Int?, firstPrefix: StyledText = StyledText(),
    continuationPrefix: StyledText = StyledText()
  ) -> [StyledText] {
    var cells: [Cell] = []
    for span in text.spans {
      for character in span.text {
        cells.append(Cell(character: character, style: span.style))
      }
    }
    let lines = breakLines(
      cells, firstWidth: width.map { $0 - firstPrefix.displayWidth },
      otherWidth: width.map { $0 - continuationPrefix.displayWidth })
    return lines.enumerated().map { index, line in
      var result = index == 0 ? firstPrefix : continuationPrefix
      for cell in line { result.append(String(cell.character), style: cell.style) }
      return result
    }
  }

  /// Wraps a plain string to `width` columns. Escape sequences inside it count zero
  /// columns and stay with the characters around them.
  public static func wrap(_ text: String, width: Int?) -> [String] {
    var cells: [Cell] = []
    var scanner = EscapeScanner()
    var pendingEscape = ""
    for character in text {
      if scanner.consume(character) {
        pendingEscape.append(character)
        continue
      }
      cells.append(Cell(character: character, style: .plain, leadingEscape: pendingEscape))
      pendingEscape = ""
    }
    var lines = breakLines(cells, firstWidth: width, otherWidth: width).map { line in
      line.map { $0.leadingEscape + String($0.character) }.joined()
    }
    if !pendingEscape.isEmpty {
      if lines.isEmpty { lines.append("") }
      lines[lines.count - 1] += pendingEscape
    }
    return lines
  }

  struct Cell {
    let character: Character
    let style: TextStyle
    var leadingEscape = ""
    var width: Int { DisplayWidth.of(character) }
    var isSpace: Bool { character == " " }
    var isNewline: Bool { character == "\n" || character == "\r\n" }
  }

  static func breakLines(_ cells: [Cell], firstWidth: Int?, otherWidth: Int?) -> [[Cell]] {
    var breaker = LineBreaker(firstWidth: firstWidth, otherWidth: otherWidth)
    var word: [Cell] = []
    var spaces: [Cell] = []
    for cell in cells {
      if cell.isNewline {
        breaker.place(spaces: spaces, word: word)
        breaker.hardBreak()
        word = []
        spaces = []
      } else if cell.isSpace {
        if !word.isEmpty {
          breaker.place(spaces: spaces, word: word)
          word = []
          spaces = []
        }
        spaces.append(cell)
      } else {
        word.append(cell)
      }
    }
    breaker.place(spaces: spaces, word: word)
    return breaker.finish()
  }
}

/// Greedy line filling for `TextWrapper`.
private struct LineBreaker {
  let firstWidth: Int?
  let otherWidth: Int?
  var lines: [[TextWrapper.Cell]] = []
  var current: [TextWrapper.Cell] = []
  var currentWidth = 0

  init(firstWidth: Int?, otherWidth: Int?) {
    self.firstWidth = firstWidth.map { max(1, $0) }
    self.otherWidth = otherWidth.map { max(1, $0) }
  }

  var limit: Int? { lines.isEmpty ? firstWidth : otherWidth }

  mutating func place(spaces: [TextWrapper.Cell], word: [TextWrapper.Cell]) {
    let spaceWidth = spaces.count
    let wordWidth = word.reduce(0) { $0 + $1.width }
    guard let limit else {
      append(spaces + word, width: spaceWidth + wordWidth)
      return
    }
    if currentWidth + spaceWidth + wordWidth <= limit {
      append(spaces + word, width: spaceWidth + wordWidth)
      return
    }
    if word.isEmpty {
      // Trailing spaces that do not fit are dropped at the break.
      return
    }
    if !current.isEmpty {
      softBreak()
    }
    splitIntoLines(word)
  }

  /// Places a word at the start of a line, splitting it when it is wider than the line.
  mutating func splitIntoLines(_ word: [TextWrapper.Cell]) {
    for cell in word {
      let width = cell.width
      if let limit, currentWidth + width > limit, !current.isEmpty {
        softBreak()
      }
      current.append(cell)
      currentWidth += width
    }
  }

  mutating func append(_ cells: [TextWrapper.Cell], width: Int) {
    current += cells
    currentWidth += width
  }

  mutating func softBreak() {
    lines.append(current)
    current = []
    currentWidth = 0
  }

  mutating func hardBreak() {
    softBreak()
  }

  mutating func finish() -> [[TextWrapper.Cell]] {
    lines.append(current)
    return lines
  }
}
