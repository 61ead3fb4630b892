/// The one-line summary shown near the prompt: conversation, model, persona, free messages
/// left and tokens used. Always exactly one line: it is cut to the width, never wrapped.
public struct StatusLine: Hashable, Sendable {
  /// The conversation's title.
  public var conversationTitle: String?
  /// The model answering.
  public var model: String?
  /// The persona's display name.
  public var persona: String?
  /// Free messages left for a non-subscriber; `nil` for subscribers or when unknown.
  public var freeMessagesLeft: Int?
  /// Tokens used in the conversation, when the provider reports them.
  public var tokensUsed: Int?

  /// A status line; leave out what is unknown.
  public init(
    conversationTitle: String? = nil, model: String? = nil, persona: String? = nil,
    freeMessagesLeft: Int? = nil, tokensUsed: Int? = nil
  ) {
    self.conversationTitle = conversationTitle
    self.model = model
    self.persona = persona
    self.freeMessagesLeft = freeMessagesLeft
    self.tokensUsed = tokensUsed
  }

  /// The narrowest a title is cut to before the rest of the line is cut.
  static let minimumTitleWidth = 12

  /// The line as styled text at most `width` columns wide. A long title is shortened first
  /// (to no less than 12 columns); if the line is still too wide it is cut at the end.
  /// Both cuts end with the ellipsis.
  public func styledText(
    width: Int, theme: TerminalTheme = .standard, glyphs: TerminalGlyphs = .unicode,
    labels: StatusLineLabels = .english
  ) -> StyledText {
    let separator = StyledText(" \(glyphs.separator) ", style: theme.statusBar)
    var rest: [StyledText] = []
    for value in [model, persona].compactMap({ $0 }) {
      rest.append(StyledText(Self.singleLine(value), style: theme.statusBar))
    }
    if let freeMessagesLeft {
      let style =
        freeMessagesLeft == 0
        ? theme.error : freeMessagesLeft <= 2 ? theme.warning : theme.statusBar
      rest.append(StyledText(labels.freeMessagesLeft(freeMessagesLeft), style: style))
    }
    if let tokensUsed {
      rest.append(StyledText(labels.tokensUsed(tokensUsed), style: theme.statusBar))
    }
    let restWidth =
      rest.reduce(0) { $0 + $1.displayWidth } + separator.displayWidth * rest.count
    var parts: [StyledText] = []
    if let conversationTitle {
      var title = StyledText(
        Self.singleLine(conversationTitle), style: theme.statusBar.adding(.bold))
      let available = max(Self.minimumTitleWidth, width - restWidth)
      title = title.truncated(toWidth: available, ellipsis: glyphs.ellipsis)
      parts.append(title)
    }
    parts += rest
    var line = StyledText()
    for (index, part) in parts.enumerated() {
      if index > 0 { line.append(separator) }
      line.append(part)
    }
    return line.truncated(toWidth: max(0, width), ellipsis: glyphs.ellipsis)
  }

  /// The line rendered for the output: styled, or plain when styling is off.
  public func render(
    width: Int, theme: TerminalTheme = .standard, capabilities: TerminalCapabilities,
    labels: StatusLineLabels = .english
  ) -> String {
    styledText(
      width: width, theme: theme, glyphs: .forCapabilities(capabilities), labels: labels
    ).rendered(for: capabilities)
  }

  /// The value with line breaks and other control characters turned into spaces.
  static func singleLine(_ value: String) -> String {
    String(
      value.map { character in
        character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
          ? character : " "
      })
  }
}

/// The words of the status line, replaceable with localized strings.
public struct StatusLineLabels: Sendable {
  /// "3 free messages left".
  public var freeMessagesLeft: @Sendable (Int) -> String
  /// "1,234 tokens".
  public var tokensUsed: @Sendable (Int) -> String

  /// Labels from two formatting functions.
  public init(
    freeMessagesLeft: @escaping @Sendable (Int) -> String,
    tokensUsed: @escaping @Sendable (Int) -> String
  ) {
    self.freeMessagesLeft = freeMessagesLeft
    self.tokensUsed = tokensUsed
  }

  /// English labels with thousands separated by commas.
  public static let english = StatusLineLabels(
    freeMessagesLeft: { count in
      count == 1 ? "1 free message left" : "\(groupedThousands(count)) free messages left"
    },
    tokensUsed: { count in
      count == 1 ? "1 token" : "\(groupedThousands(count)) tokens"
    })

  /// `1234567` as `"1,234,567"`.
  public static func groupedThousands(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }
}
