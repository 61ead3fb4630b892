/// One unit of rendered Markdown, carrying everything needed to draw it on its own.
///
/// Blocks are small on purpose: each code line and each list item is its own block, so a
/// streaming reply commits them one at a time and only the last unfinished block is redrawn.
enum MarkdownBlock: Hashable, Sendable {
  /// An empty line between blocks.
  case blank
  /// An ATX (`## Title`) or setext heading.
  case heading(level: Int, text: String)
  /// A paragraph; `indent` is the output indentation (inside list items).
  case paragraph(lines: [String], indent: Int)
  /// One list item with its continuation lines.
  case listItem(ListItem)
  /// The opening or closing line of a fenced code block, as written.
  case codeFence(line: String, indent: Int)
  /// One line of a fenced code block with the highlighter state before it.
  case codeLine(CodeLine)
  /// A block quote; `lines` are the quoted lines without their `>` markers.
  case quote(lines: [String])
  /// A GitHub table; `source` keeps the lines for when it does not fit the width.
  case table(Table)
  /// A horizontal rule.
  case thematicBreak
}

/// A list item ready to draw.
struct ListItem: Hashable, Sendable {
  /// The marker as written: `-`, `*`, `+`, or a number with `.` or `)`.
  var marker: ListMarker
  /// The nesting depth, 0 for the outermost list.
  var depth: Int
  /// Output columns before the marker.
  var indent: Int
  /// The item's text lines.
  var lines: [String]
}

/// A list marker.
enum ListMarker: Hashable, Sendable {
  /// A bullet (`-`, `*` or `+`).
  case bullet
  /// A number followed by `.` or `)`.
  case ordered(number: Int, delimiter: Character)
}

/// A line of code ready to highlight.
struct CodeLine: Hashable, Sendable {
  /// The code, with the fence's indentation removed and tabs expanded.
  var text: String
  /// The language from the fence's info string, `nil` when unknown.
  var language: CodeLanguage?
  /// The highlighter state the previous line left.
  var state: HighlightState
  /// Output columns before the code.
  var indent: Int
}

/// A table ready to lay out.
struct Table: Hashable, Sendable {
  /// Column alignment from the delimiter row.
  enum Alignment: Hashable, Sendable {
    case left
    case center
    case right
  }

  /// The header cells.
  var header: [String]
  /// One alignment per column.
  var alignments: [Alignment]
  /// The body rows' cells.
  var rows: [[String]]
  /// The original lines.
  var source: [String]
}
