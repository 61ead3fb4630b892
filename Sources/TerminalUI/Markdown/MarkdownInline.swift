/// Turns the inline Markdown of one block (emphasis, code spans, links) into styled text.
///
/// Supports `*em*` / `_em_`, `**strong**` / `__strong__`, `***both***`, `~~strike~~`, code
/// spans of any backtick length, `[text](url)`, images (shown as their alt text and URL),
/// `<autolinks>`, bare `http(s)://` URLs, backslash escapes and hard line breaks. Anything
/// unmatched stays literal, so a reply that is still streaming shows its open `**` until
/// the closing one arrives.
struct MarkdownInline {
  let theme: TerminalTheme
  let usesStyles: Bool

  /// Renders the lines of one block, joined: soft breaks become spaces, hard breaks (two
  /// trailing spaces or a trailing backslash) become `"\n"`.
  func render(lines: [String], base: TextStyle) -> StyledText {
    render(Self.joined(lines), base: base)
  }

  /// Renders one run of inline Markdown.
  func render(_ text: String, base: TextStyle) -> StyledText {
    let scanner = InlineScanner(characters: Array(text), theme: theme, usesStyles: usesStyles)
    return scanner.parse(0..<scanner.characters.count, style: base)
  }

  static func joined(_ lines: [String]) -> String {
    var result = ""
    for (index, line) in lines.enumerated() {
      let isLast = index == lines.count - 1
      var content = Substring(line)
      while content.first == " " { content.removeFirst() }
      if isLast {
        result += content.trimmingTrailingSpaces()
      } else if content.hasSuffix("\\") {
        result += content.dropLast() + "\n"
      } else if content.hasSuffix("  ") {
        result += content.trimmingTrailingSpaces() + "\n"
      } else {
        result += content.trimmingTrailingSpaces() + " "
      }
    }
    return result
  }
}

extension Substring {
  func trimmingTrailingSpaces() -> Substring {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}

/// The recursive scanner behind `MarkdownInline`.
struct InlineScanner {
  let characters: [Character]
  let theme: TerminalTheme
  let usesStyles: Bool

  func parse(_ range: Range<Int>, style: TextStyle) -> StyledText {
    var output = StyledText()
    var pending = ""
    func flush() {
      output.append(pending, style: style)
      pending = ""
    }
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
      let character = characters[index]
      if character == "\\", index + 1 < end, Self.isEscapable(characters[index + 1]) {
        pending.append(characters[index + 1])
        index += 2
        continue
      }
      if let element = element(at: index, end: end, start: range.lowerBound, style: style) {
        flush()
        output.append(element.text)
        index = element.next
        continue
      }
      if character == "`" || character == "*" || character == "_" || character == "~" {
        let run = runLength(at: index, end: end)
        pending += String(repeating: character, count: run)
        index += run
        continue
      }
      pending.append(character)
      index += 1
    }
    flush()
    return output
  }

  /// A styled element starting at `index`, and where scanning continues after it.
  func element(
    at index: Int, end: Int, start: Int, style: TextStyle
  )
    -> (text: StyledText, next: Int)?
  {
    switch characters[index] {
    case "`":
      guard let span = codeSpan(at: index, end: end) else { return nil }
      return (renderCode(span.content, delimiter: span.delimiter, style: style), span.next)
    case "*", "_", "~":
      guard let emphasis = emphasis(at: index, end: end, start: start) else { return nil }
      let inner = parse(emphasis.inner, style: style.merging(emphasis.style))
      return (inner, emphasis.next)
    case "[", "!":
      guard let link = link(at: index, end: end) else { return nil }
      return (renderLink(text: link.text, url: link.url, style: style), link.next)
    case "<":
      guard let autolink = autolink(at: index, end: end) else { return nil }
      return (StyledText(autolink.url, style: style.merging(theme.link)), autolink.next)
    case "h":
      guard let url = bareURL(at: index, end: end, start: start) else { return nil }
      return (StyledText(url.url, style: style.merging(theme.link)), url.next)
    default:
      return nil
    }
  }

  func renderCode(_ content: String, delimiter: Int, style: TextStyle) -> StyledText {
    if usesStyles {
      return StyledText(content, style: style.merging(theme.code))
    }
    let fence = String(repeating: "`", count: delimiter)
    let padding = content.contains("`") ? " " : ""
    return StyledText(fence + padding + content + padding + fence, style: style)
  }

  func renderLink(text: Range<Int>, url: String, style: TextStyle) -> StyledText {
    var result = parse(text, style: style.merging(theme.link))
    let label = result.plainText
    if url.isEmpty || label == url || label == url.replacingPrefix("mailto:") {
      return result
    }
    if label.isEmpty {
      return StyledText(url, style: style.merging(theme.link))
    }
    result.append(StyledText(" (\(url))", style: style.merging(theme.linkURL)))
    return result
  }

  func runLength(at index: Int, end: Int) -> Int {
    var length = 0
    while index + length < end, characters[index + length] == characters[index] {
      length += 1
    }
    return length
  }

  static func isEscapable(_ character: Character) -> Bool {
    character.isASCII && (character.isPunctuation || character.isSymbol)
  }
}

extension String {
  func replacingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
