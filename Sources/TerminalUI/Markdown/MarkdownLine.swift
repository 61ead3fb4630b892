/// Classification of single source lines, shared by the block parser.
enum MarkdownLine {
  /// Expands tabs to spaces with tab stops every 4 columns.
  static func expandingTabs(_ line: String) -> String {
    guard line.contains("\t") else { return line }
    var result = ""
    var column = 0
    for character in line {
      if character == "\t" {
        let spaces = 4 - column % 4
        result += String(repeating: " ", count: spaces)
        column += spaces
      } else {
        result.append(character)
        column += 1
      }
    }
    return result
  }

  /// The number of leading spaces.
  static func indentation(_ line: String) -> Int {
    line.prefix { $0 == " " }.count
  }

  static func isBlank(_ line: String) -> Bool {
    line.allSatisfy { $0 == " " }
  }

  /// The fence character run and info string when `content` opens a code fence.
  static func fenceOpening(_ content: String) -> (marker: Character, length: Int, info: String)? {
    guard let marker = content.first, marker == "`" || marker == "~" else { return nil }
    let length = content.prefix { $0 == marker }.count
    guard length >= 3 else { return nil }
    let info = String(content.dropFirst(length)).trimmingSpaces()
    if marker == "`", info.contains("`") { return nil }
    return (marker, length, info)
  }

  /// Whether `content` closes a fence opened with `length` `marker` characters.
  static func closesFence(_ content: String, marker: Character, length: Int) -> Bool {
    let run = content.prefix { $0 == marker }.count
    return run >= length && content.dropFirst(run).allSatisfy { $0 == " " }
  }

  /// The level and text of an ATX heading.
  static func atxHeading(_ content: String) -> (level: Int, text: String)? {
    let level = content.prefix { $0 == "#" }.count
    guard (1...6).contains(level) else { return nil }
    let rest = content.dropFirst(level)
    guard rest.isEmpty || rest.first == " " else { return nil }
    var text = String(rest).trimmingSpaces()
    let closing = text.reversed().prefix { $0 == "#" }.count
    if closing > 0 {
      let remainder = String(text.dropLast(closing))
      if remainder.isEmpty || remainder.last == " " { text = remainder.trimmingSpaces() }
    }
    return (level, text)
  }

  /// Whether `content` is a horizontal rule: three or more `*`, `-` or `_`, spaces allowed.
  static func isThematicBreak(_ content: String) -> Bool {
    let marks = content.filter { $0 != " " }
    guard let first = marks.first, first == "*" || first == "-" || first == "_" else {
      return false
    }
    return marks.count >= 3 && marks.allSatisfy { $0 == first }
  }

  /// The heading level a setext underline (`===` or `---`) gives, if `content` is one.
  static func setextLevel(_ content: String) -> Int? {
    let trimmed = content.trimmingSpaces()
    guard let first = trimmed.first, first == "=" || first == "-" else { return nil }
    guard trimmed.allSatisfy({ $0 == first }) else { return nil }
    return first == "=" ? 1 : 2
  }

  /// The marker, its width in the source and the text after it, when `content` starts a
  /// list item.
  static func listItem(_ content: String) -> (marker: ListMarker, width: Int, text: String)? {
    let characters = Array(content)
    guard let first = characters.first else { return nil }
    var markerWidth: Int
    let marker: ListMarker
    if first == "-" || first == "*" || first == "+" {
      marker = .bullet
      markerWidth = 1
    } else {
      let digits = characters.prefix { $0.isASCII && $0.isNumber }
      guard (1...9).contains(digits.count), digits.count < characters.count else { return nil }
      let delimiter = characters[digits.count]
      guard delimiter == "." || delimiter == ")", let number = Int(String(digits)) else {
        return nil
      }
      marker = .ordered(number: number, delimiter: delimiter)
      markerWidth = digits.count + 1
    }
    if characters.count == markerWidth { return (marker, markerWidth, "") }
    guard characters[markerWidth] == " " else { return nil }
    let text = String(characters[markerWidth...])
    let spaces = min(4, text.prefix { $0 == " " }.count)
    markerWidth += spaces
    return (marker, markerWidth, String(text.dropFirst(spaces)))
  }

  /// The cells of a table row, split at unescaped pipes outside code spans.
  static func tableCells(_ line: String) -> [String] {
    var content = line.trimmingSpaces()
    if content.hasPrefix("|") { content.removeFirst() }
    if content.hasSuffix("|"), !content.hasSuffix("\\|") { content.removeLast() }
    var cells: [String] = []
    var current = ""
    var inCode = false
    var escaped = false
    for character in content {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        current.append(character)
        escaped = true
      } else if character == "`" {
        inCode.toggle()
        current.append(character)
      } else if character == "|", !inCode {
        cells.append(current.trimmingSpaces())
        current = ""
      } else {
        current.append(character)
      }
    }
    cells.append(current.trimmingSpaces())
    return cells
  }

  /// The alignments of a delimiter row (`| --- | :-: |`), or `nil` when it is not one.
  static func tableAlignments(_ line: String) -> [Table.Alignment]? {
    guard line.contains("-"), line.contains("|") || line.contains(":") else { return nil }
    var alignments: [Table.Alignment] = []
    for cell in tableCells(line) {
      guard !cell.isEmpty, cell.allSatisfy({ $0 == "-" || $0 == ":" }), cell.contains("-")
      else { return nil }
      switch (cell.hasPrefix(":"), cell.hasSuffix(":")) {
      case (true, true): alignments.append(.center)
      case (false, true): alignments.append(.right)
      default: alignments.append(.left)
      }
    }
    return alignments
  }
}

extension String {
  func trimmingSpaces() -> String {
    var result = Substring(self)
    while result.first == " " { result.removeFirst() }
    while result.last == " " { result.removeLast() }
    return String(result)
  }
}
