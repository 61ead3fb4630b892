/// Text made of runs, each with a `TextStyle`: what renderers build before anything becomes
/// escape codes. One `StyledText` is one line unless it holds `"\n"` on purpose.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
  /// One run of text in one style.
  public struct Span: Hashable, Sendable {
    /// The characters.
    public var text: String
    /// Their style.
    public var style: TextStyle

    /// A run of text in a style.
    public init(_ text: String, style: TextStyle = .plain) {
      self.text = text
      self.style = style
    }
  }

  /// The runs in order. Adjacent runs with the same style are merged as they are appended.
  public private(set) var spans: [Span]

  /// Empty text.
  public init() {
    spans = []
  }

  /// Text in one style.
  public init(_ text: String, style: TextStyle = .plain) {
    spans = []
    append(text, style: style)
  }

  /// Text from a literal, unstyled.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// Text from runs.
  public init(spans: [Span]) {
    self.spans = []
    for span in spans { append(span.text, style: span.style) }
  }

  /// The characters without styles.
  public var plainText: String {
    spans.map(\.text).joined()
  }

  /// Whether there are no characters.
  public var isEmpty: Bool { spans.isEmpty }

  /// The columns the text occupies.
  public var displayWidth: Int {
    spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
  }

  /// Appends characters in a style.
  public mutating func append(_ text: String, style: TextStyle = .plain) {
    guard !text.isEmpty else { return }
    if let last = spans.last, last.style == style {
      spans[spans.count - 1].text += text
    } else {
      spans.append(Span(text, style: style))
    }
  }

  /// Appends other styled text.
  public mutating func append(_ other: StyledText) {
    for span in other.spans { append(span.text, style: span.style) }
  }

  /// This text followed by another.
  public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
    var result = lhs
    result.append(rhs)
    return result
  }

  /// The same text with `base` under every run (the runs' own styles win).
  public func applyingBase(_ base: TextStyle) -> StyledText {
    StyledText(spans: spans.map { Span($0.text, style: base.merging($0.style)) })
  }

  /// The text as a terminal string: each run in its SGR codes followed by a reset, or the
  /// bare characters when `depth` is `.none`. Styles never leak past the end. The runs'
  /// characters pass `TerminalSanitizer` first, so the only escape codes are the styles'.
  public func rendered(depth: TerminalCapabilities.ColorDepth) -> String {
    var result = ""
    for span in spans {
      result += ANSI.styled(TerminalSanitizer.sanitized(span.text), span.style, depth: depth)
    }
    return result
  }

  /// The text as a terminal string for the given capabilities.
  public func rendered(for capabilities: TerminalCapabilities) -> String {
    rendered(depth: capabilities.colorDepth)
  }
}
