/// Renders Markdown for a terminal: styled with the theme's roles when the capabilities
/// allow styling, and as clean plain text (same layout, no escape codes, inline code kept
/// in backticks) when they do not.
///
/// Layout: headings keep their `#` marks, paragraphs and list items wrap to `width` with
/// hanging indents, code blocks keep their fences and are highlighted but never wrapped,
/// quotes get a bar, links show their URL after the text, and tables are aligned in columns
/// (or passed through as written when they do not fit). Every line ends with `"\n"`.
///
/// The source is outside text: each line passes `TerminalSanitizer` before it is parsed,
/// so escape sequences in it never reach the terminal and only the theme's styling does.
public struct MarkdownRenderer: Sendable {
  /// The style sheet.
  public var theme: TerminalTheme
  /// What the output can show.
  public var capabilities: TerminalCapabilities
  /// The columns to wrap to; `nil` keeps lines as long as they are (for pipes).
  public var width: Int?

  /// A renderer for the given output.
  public init(
    theme: TerminalTheme = .standard, capabilities: TerminalCapabilities, width: Int?
  ) {
    self.theme = theme
    self.capabilities = capabilities
    self.width = width
  }

  /// The whole document rendered: one terminal string, each line ending with `"\n"`.
  public func render(_ markdown: String) -> String {
    styledLines(markdown).map { $0.rendered(for: capabilities) + "\n" }.joined()
  }

  /// The whole document as styled lines, for callers that compose their own output.
  public func styledLines(_ markdown: String) -> [StyledText] {
    blocks(of: markdown).flatMap(lines(for:))
  }

  func blocks(of markdown: String) -> [MarkdownBlock] {
    var parser = MarkdownBlockParser()
    let split = MarkdownSource.split(markdown)
    var blocks = split.lines.flatMap { parser.feed(TerminalSanitizer.sanitized($0)) }
    if !split.remainder.isEmpty {
      blocks += parser.feed(TerminalSanitizer.sanitized(split.remainder))
    }
    return blocks + parser.finished()
  }

  var glyphs: TerminalGlyphs { .forCapabilities(capabilities) }

  var inline: MarkdownInline {
    MarkdownInline(theme: theme, usesStyles: capabilities.usesStyles)
  }

  /// The lines of one block.
  func lines(for block: MarkdownBlock) -> [StyledText] {
    switch block {
    case .blank:
      return [StyledText()]
    case .heading(let level, let text):
      let marks = StyledText(String(repeating: "#", count: level) + " ", style: theme.heading)
      let body = inline.render(text, base: theme.heading)
      return TextWrapper.wrap(
        body, width: width, firstPrefix: marks, continuationPrefix: Self.spaces(level + 1))
    case .paragraph(let lines, let indent):
      let body = inline.render(lines: lines, base: theme.text)
      return TextWrapper.wrap(
        body, width: width, firstPrefix: Self.spaces(indent),
        continuationPrefix: Self.spaces(indent))
    case .listItem(let item):
      return lines(for: item)
    case .codeFence(let line, let indent):
      return [Self.spaces(indent) + StyledText(line, style: theme.codeFence)]
    case .codeLine(let line):
      return [highlighted(line)]
    case .quote(let quoted):
      return quoteLines(quoted)
    case .table(let table):
      return tableLines(table)
    case .thematicBreak:
      let length = min(width ?? 40, 80)
      return [
        StyledText(String(repeating: glyphs.horizontalLine, count: length), style: theme.rule)
      ]
    }
  }

  func lines(for item: ListItem) -> [StyledText] {
    let marker: String
    switch item.marker {
    case .bullet: marker = glyphs.bullet(depth: item.depth)
    case .ordered(let number, let delimiter): marker = "\(number)\(delimiter)"
    }
    let first =
      Self.spaces(item.indent) + StyledText(marker, style: theme.listMarker)
      + StyledText(" ")
    let continuation = Self.spaces(item.indent + DisplayWidth.of(marker) + 1)
    let body = inline.render(lines: item.lines, base: theme.text)
    let wrapped = TextWrapper.wrap(
      body, width: width, firstPrefix: first, continuationPrefix: continuation)
    return wrapped.map { Self.trimmingTrailingSpaces($0) }
  }

  func highlighted(_ line: CodeLine) -> StyledText {
    var result = line.text.isEmpty ? StyledText() : Self.spaces(line.indent)
    guard let language = line.language else {
      result.append(line.text, style: theme.codeBlock)
      return result
    }
    var state = line.state
    for token in SyntaxHighlighter.tokens(of: line.text, language: language, state: &state) {
      result.append(token.text, style: style(for: token.kind))
    }
    return result
  }

  func style(for kind: CodeTokenKind) -> TextStyle {
    switch kind {
    case .plain: return theme.codeBlock
    case .keyword: return theme.codeKeyword
    case .string: return theme.codeString
    case .comment: return theme.codeComment
    case .number: return theme.codeNumber
    }
  }

  func quoteLines(_ quoted: [String]) -> [StyledText] {
    var inner = self
    inner.width = width.map { max(1, $0 - 2) }
    let body = inner.styledLines(quoted.joined(separator: "\n"))
    return body.map { line in
      let bar = StyledText(glyphs.quoteBar, style: theme.quoteBar)
      return line.isEmpty ? bar : bar + StyledText(" ") + line.applyingBase(theme.quote)
    }
  }

  static func spaces(_ count: Int) -> StyledText {
    StyledText(String(repeating: " ", count: max(0, count)))
  }

  static func trimmingTrailingSpaces(_ line: StyledText) -> StyledText {
    var spans = line.spans
    while let last = spans.last, last.style.isPlain, last.text.last == " " {
      let trimmed = Substring(last.text).trimmingTrailingSpaces()
      if trimmed.isEmpty {
        spans.removeLast()
      } else {
        spans[spans.count - 1].text = String(trimmed)
        break
      }
    }
    return StyledText(spans: spans)
  }
}

/// Splitting source text into lines.
enum MarkdownSource {
  /// The complete lines (without `"\n"` or a `"\r"` before it) and the text after the last
  /// line break.
  static func split(_ text: String) -> (lines: [String], remainder: String) {
    var lines: [String] = []
    var start = text.utf8.startIndex
    var index = start
    let utf8 = text.utf8
    while index < utf8.endIndex {
      if utf8[index] == 0x0A {
        var end = index
        if end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
        lines.append(String(decoding: utf8[start..<end], as: UTF8.self))
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    return (lines, String(decoding: utf8[start...], as: UTF8.self))
  }
}
