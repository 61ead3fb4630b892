extension StyledText {
  /// The text cut to at most `width` columns, ending with `ellipsis` when anything was cut.
  /// Never breaks a grapheme cluster; the ellipsis takes the style of the last kept run.
  public func truncated(toWidth width: Int, ellipsis: String = "…") -> StyledText {
    guard displayWidth > width else { return self }
    let ellipsisWidth = DisplayWidth.of(ellipsis)
    guard width >= ellipsisWidth else {
      return StyledText(String(ellipsis.prefix(max(0, width))))
    }
    let budget = width - ellipsisWidth
    var result = StyledText()
    var used = 0
    var lastStyle = spans.first?.style ?? .plain
    outer: for span in spans {
      var kept = ""
      for character in span.text {
        let characterWidth = DisplayWidth.of(character)
        if used + characterWidth > budget {
          result.append(kept, style: span.style)
          lastStyle = span.style
          break outer
        }
        kept.append(character)
        used += characterWidth
      }
      result.append(kept, style: span.style)
      lastStyle = span.style
    }
    var spans = result.spans
    while let last = spans.last, last.text.last == " " {
      let trimmed = Substring(last.text).trimmingTrailingSpaces()
      if trimmed.isEmpty {
        spans.removeLast()
      } else {
        spans[spans.count - 1].text = String(trimmed)
      }
    }
    var trimmed = StyledText(spans: spans)
    trimmed.append(ellipsis, style: lastStyle)
    return trimmed
  }
}

extension String {
  /// The string cut to at most `width` columns, ending with `ellipsis` when anything was cut.
  func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
    StyledText(self).truncated(toWidth: width, ellipsis: ellipsis).plainText
  }
}
