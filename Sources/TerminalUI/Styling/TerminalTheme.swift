/// The terminal's style sheet: one `TextStyle` per semantic role.
///
/// Renderers only ever ask for roles, never for colours, so a DesignSystem palette reaches
/// the terminal through `TerminalPalette` and `init(palette:)`, and `NO_COLOR` or a pipe
/// turns every role off at once through `TerminalCapabilities`.
public struct TerminalTheme: Hashable, Sendable {
  /// Body text. Plain by default so it follows the terminal's own foreground.
  public var text: TextStyle
  /// Markdown headings.
  public var heading: TextStyle
  /// Emphasis (`*text*`).
  public var emphasis: TextStyle
  /// Strong emphasis (`**text**`).
  public var strong: TextStyle
  /// Struck-through text (`~~text~~`).
  public var strikethrough: TextStyle
  /// Inline code spans.
  public var code: TextStyle
  /// Code-block text that no highlighting rule matched.
  public var codeBlock: TextStyle
  /// Keywords and literals (`true`, `nil`) in code blocks.
  public var codeKeyword: TextStyle
  /// String literals in code blocks.
  public var codeString: TextStyle
  /// Comments in code blocks.
  public var codeComment: TextStyle
  /// Number literals in code blocks.
  public var codeNumber: TextStyle
  /// The fence lines around code blocks, with their language tag.
  public var codeFence: TextStyle
  /// Link text.
  public var link: TextStyle
  /// The URL shown after link text.
  public var linkURL: TextStyle
  /// Block quote text.
  public var quote: TextStyle
  /// The bar drawn before quoted lines.
  public var quoteBar: TextStyle
  /// List bullets and numbers.
  public var listMarker: TextStyle
  /// Horizontal rules.
  public var rule: TextStyle
  /// Table borders.
  public var tableBorder: TextStyle
  /// Table header cells.
  public var tableHeader: TextStyle
  /// Secondary text: hints, counts, timestamps.
  public var dim: TextStyle
  /// Accented text: names, highlights.
  public var accent: TextStyle
  /// Error messages.
  public var error: TextStyle
  /// Warnings.
  public var warning: TextStyle
  /// Success messages.
  public var success: TextStyle
  /// The label before the user's messages.
  public var userLabel: TextStyle
  /// The label before the assistant's messages.
  public var assistantLabel: TextStyle
  /// The status line.
  public var statusBar: TextStyle
  /// The input prompt.
  public var prompt: TextStyle
  /// The waiting spinner.
  public var spinner: TextStyle

  /// A theme with every role plain; `TerminalPalette` derived themes fill the roles.
  public init() {
    text = .plain
    heading = .plain
    emphasis = .plain
    strong = .plain
    strikethrough = .plain
    code = .plain
    codeBlock = .plain
    codeKeyword = .plain
    codeString = .plain
    codeComment = .plain
    codeNumber = .plain
    codeFence = .plain
    link = .plain
    linkURL = .plain
    quote = .plain
    quoteBar = .plain
    listMarker = .plain
    rule = .plain
    tableBorder = .plain
    tableHeader = .plain
    dim = .plain
    accent = .plain
    error = .plain
    warning = .plain
    success = .plain
    userLabel = .plain
    assistantLabel = .plain
    statusBar = .plain
    prompt = .plain
    spinner = .plain
  }
}
