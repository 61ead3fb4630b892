/// Splits Markdown into blocks one complete line at a time.
///
/// The parser is a value: it is fed each line exactly once and returns the blocks that no
/// later line can change. `finished()` closes whatever is still open without changing the
/// parser, which is how a streaming reply draws its unfinished tail, and how a whole
/// document ends. Because closing decisions depend only on the lines seen, feeding a reply
/// token by token and feeding it at once give the same blocks.
struct MarkdownBlockParser: Sendable {
  private enum OpenBlock: Sendable {
    case paragraph(lines: [String], indent: Int)
    case listItem(ListItem)
    case quote(lines: [String])
    case table(Table)
  }

  /// A list level, in source columns and output columns.
  private struct ListLevel: Sendable {
    var markerIndent: Int
    var outputIndent: Int
    var outputContentIndent: Int
  }

  private struct Fence: Sendable {
    var marker: Character
    var length: Int
    var sourceIndent: Int
    var outputIndent: Int
    var language: CodeLanguage?
    var state: HighlightState
  }

  /// The block still open. Code that extends it binds the payload, sets `open = nil`, then
  /// appends: the payload is then uniquely referenced and grows in place instead of being
  /// copied for every line (which would make long blocks quadratic).
  private var open: OpenBlock?
  private var lists: [ListLevel] = []
  private var fence: Fence?
  private var blankPending = false
  private var emittedAny = false

  /// Feeds one complete line (without its line break); returns the blocks it closed.
  mutating func feed(_ rawLine: String) -> [MarkdownBlock] {
    var output: [MarkdownBlock] = []
    process(MarkdownLine.expandingTabs(rawLine), into: &output)
    return output
  }

  /// The blocks still open, closed as if the text ended here. A trailing blank line is
  /// dropped.
  func finished() -> [MarkdownBlock] {
    var copy = self
    var output: [MarkdownBlock] = []
    copy.closeOpen(into: &output)
    return output
  }

  private mutating func process(_ line: String, into output: inout [MarkdownBlock]) {
    if fence != nil {
      continueFence(line, into: &output)
      return
    }
    if MarkdownLine.isBlank(line) {
      closeOpen(into: &output)
      if emittedAny { blankPending = true }
      return
    }
    let indent = MarkdownLine.indentation(line)
    let content = String(line.dropFirst(indent))
    if continueOpen(line: line, content: content, indent: indent, into: &output) { return }
    if startBlock(content: content, indent: indent, into: &output) { return }
    startParagraph(content: content, indent: indent, into: &output)
  }

  /// Adds the line to the open block when it belongs there; true when it was used.
  private mutating func continueOpen(
    line: String, content: String, indent: Int, into output: inout [MarkdownBlock]
  ) -> Bool {
    switch open {
    case .paragraph(let lines, _) where indent <= 3:
      if let level = MarkdownLine.setextLevel(content) {
        open = nil
        lists = []
        emit(.heading(level: level, text: MarkdownInline.joined(lines)), into: &output)
        return true
      }
      if lines.count == 1, lines[0].contains("|"),
        let alignments = MarkdownLine.tableAlignments(content),
        MarkdownLine.tableCells(lines[0]).count == alignments.count
      {
        open = .table(
          Table(
            header: MarkdownLine.tableCells(lines[0]), alignments: alignments, rows: [],
            source: [lines[0], content]))
        return true
      }
    case .table(var table):
      if content.contains("|") {
        open = nil
        table.rows.append(MarkdownLine.tableCells(content))
        table.source.append(content)
        open = .table(table)
        return true
      }
      closeOpen(into: &output)
      return false
    case .quote(var lines):
      if content.hasPrefix(">"), indent <= 3 {
        open = nil
        lines.append(Self.strippingQuoteMarker(content))
        open = .quote(lines: lines)
        return true
      }
    default:
      break
    }
    return false
  }

  /// Starts a fence, heading, rule, quote or list item; true when the line started one.
  private mutating func startBlock(
    content: String, indent: Int, into output: inout [MarkdownBlock]
  ) -> Bool {
    if let opening = MarkdownLine.fenceOpening(content) {
      closeOpen(into: &output)
      let outputIndent = adoptListContext(indent: indent)
      let language = opening.info.split(separator: " ").first.flatMap {
        CodeLanguage.named(String($0))
      }
      fence = Fence(
        marker: opening.marker, length: opening.length, sourceIndent: indent,
        outputIndent: outputIndent, language: language, state: .normal)
      emit(.codeFence(line: content.trimmingSpaces(), indent: outputIndent), into: &output)
      return true
    }
    guard indent <= 3 || lists.isEmpty else {
      return startListItem(content: content, indent: indent, into: &output)
    }
    if let heading = MarkdownLine.atxHeading(content) {
      closeOpen(into: &output)
      lists = []
      emit(.heading(level: heading.level, text: heading.text), into: &output)
      return true
    }
    if MarkdownLine.isThematicBreak(content) {
      closeOpen(into: &output)
      lists = []
      emit(.thematicBreak, into: &output)
      return true
    }
    if content.hasPrefix(">") {
      closeOpen(into: &output)
      lists = []
      open = .quote(lines: [Self.strippingQuoteMarker(content)])
      return true
    }
    return startListItem(content: content, indent: indent, into: &output)
  }

  private mutating func startListItem(
    content: String, indent: Int, into output: inout [MarkdownBlock]
  ) -> Bool {
    guard let item = MarkdownLine.listItem(content) else { return false }
    if case .paragraph = open, item.text.isEmpty { return false }
    closeOpen(into: &output)
    while let last = lists.last, indent < last.markerIndent { lists.removeLast() }
    let outputIndent: Int
    if let last = lists.last, indent >= last.markerIndent + 2 {
      outputIndent = last.outputContentIndent
    } else if let last = lists.last {
      outputIndent = last.outputIndent
      lists.removeLast()
    } else {
      outputIndent = 0
    }
    let markerWidth: Int
    switch item.marker {
    case .bullet: markerWidth = 1
    case .ordered(let number, _): markerWidth = String(number).count + 1
    }
    lists.append(
      ListLevel(
        markerIndent: indent, outputIndent: outputIndent,
        outputContentIndent: outputIndent + markerWidth + 1))
    open = .listItem(
      ListItem(
        marker: item.marker, depth: lists.count - 1, indent: outputIndent, lines: [item.text]))
    return true
  }

  private mutating func startParagraph(
    content: String, indent: Int, into output: inout [MarkdownBlock]
  ) {
    switch open {
    case .paragraph(var lines, let paragraphIndent):
      open = nil
      lines.append(content)
      open = .paragraph(lines: lines, indent: paragraphIndent)
    case .listItem(var item):
      open = nil
      item.lines.append(content)
      open = .listItem(item)
    case .quote(var lines):
      open = nil
      lines.append(content)
      open = .quote(lines: lines)
    case .table, nil:
      closeOpen(into: &output)
      open = .paragraph(lines: [content], indent: adoptListContext(indent: indent))
    }
  }

  /// The output indentation for a block indented `indent` columns: inside the deepest list
  /// item whose content it lines up with, or at the margin (ending the lists).
  private mutating func adoptListContext(indent: Int) -> Int {
    while let last = lists.last, indent < last.markerIndent + 2 {
      lists.removeLast()
    }
    return lists.last?.outputContentIndent ?? 0
  }

  private mutating func continueFence(_ line: String, into output: inout [MarkdownBlock]) {
    guard var current = fence else { return }
    let indent = MarkdownLine.indentation(line)
    let content = String(line.dropFirst(indent))
    if MarkdownLine.closesFence(content, marker: current.marker, length: current.length) {
      fence = nil
      emit(.codeFence(line: content.trimmingSpaces(), indent: current.outputIndent), into: &output)
      return
    }
    let text = String(line.dropFirst(min(indent, current.sourceIndent)))
    let before = current.state
    if let language = current.language {
      _ = SyntaxHighlighter.tokens(of: text, language: language, state: &current.state)
    }
    fence = current
    emit(
      .codeLine(
        CodeLine(
          text: text, language: current.language, state: before, indent: current.outputIndent)),
      into: &output)
  }

  private mutating func closeOpen(into output: inout [MarkdownBlock]) {
    guard let block = open else { return }
    open = nil
    switch block {
    case .paragraph(let lines, let indent):
      emit(.paragraph(lines: lines, indent: indent), into: &output)
    case .listItem(let item): emit(.listItem(item), into: &output)
    case .quote(let lines): emit(.quote(lines: lines), into: &output)
    case .table(let table): emit(.table(table), into: &output)
    }
  }

  private mutating func emit(_ block: MarkdownBlock, into output: inout [MarkdownBlock]) {
    if blankPending {
      output.append(.blank)
      blankPending = false
    }
    output.append(block)
    emittedAny = true
  }

  static func strippingQuoteMarker(_ content: String) -> String {
    var rest = content.dropFirst()
    if rest.first == " " { rest = rest.dropFirst() }
    return String(rest)
  }
}
