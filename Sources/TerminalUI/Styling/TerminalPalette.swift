import DesignSystem

/// The semantic colours of an app theme, as sRGB values: the shape of a DesignSystem palette.
///
/// `init(_:)` maps a DesignSystem palette to this struct field by field; `TerminalTheme`
/// then derives every terminal role from it.
public struct TerminalPalette: Hashable, Sendable {
  /// The screen background.
  public var background: RGBColor
  /// Raised surfaces: cards, sheets.
  public var surface: RGBColor
  /// Primary text.
  public var textPrimary: RGBColor
  /// Secondary text.
  public var textSecondary: RGBColor
  /// Tertiary text: placeholders, captions.
  public var textTertiary: RGBColor
  /// The accent (tint) colour.
  public var accent: RGBColor
  /// Success.
  public var success: RGBColor
  /// Warnings.
  public var warning: RGBColor
  /// Errors and destructive actions.
  public var danger: RGBColor
  /// The user's message bubble.
  public var userBubble: RGBColor
  /// The assistant's message bubble.
  public var assistantBubble: RGBColor

  /// A palette from every role.
  public init(
    background: RGBColor, surface: RGBColor, textPrimary: RGBColor, textSecondary: RGBColor,
    textTertiary: RGBColor, accent: RGBColor, success: RGBColor, warning: RGBColor,
    danger: RGBColor, userBubble: RGBColor, assistantBubble: RGBColor
  ) {
    self.background = background
    self.surface = surface
    self.textPrimary = textPrimary
    self.textSecondary = textSecondary
    self.textTertiary = textTertiary
    self.accent = accent
    self.success = success
    self.warning = warning
    self.danger = danger
    self.userBubble = userBubble
    self.assistantBubble = assistantBubble
  }

  /// The terminal roles of a design-system palette (the selected theme in light or dark).
  public init(_ palette: ThemePalette) {
    self.init(
      background: palette.background, surface: palette.surface,
      textPrimary: palette.textPrimary, textSecondary: palette.textSecondary,
      textTertiary: palette.textTertiary, accent: palette.accentPrimary,
      success: palette.success, warning: palette.warning, danger: palette.danger,
      userBubble: palette.bubbleUser, assistantBubble: palette.bubbleAssistant)
  }

  /// The dark theme's palette, used until the app passes the selected theme's palette.
  public static let standard = TerminalPalette(
    ThemePalette.palette(for: .dark, colorScheme: .dark))
}

extension TerminalTheme {
  /// The roles derived from a palette.
  ///
  /// Body text keeps the terminal's own foreground and no role sets a background: the app's
  /// theme and the terminal's background need not match, and the terminal's own text colour
  /// is always readable on it. Secondary roles use the dim attribute for the same reason;
  /// the palette's accent, success, warning and danger colours carry the theme.
  public init(palette: TerminalPalette) {
    self.init()
    heading = TextStyle(.bold, foreground: palette.accent)
    emphasis = TextStyle(.italic)
    strong = TextStyle(.bold)
    strikethrough = TextStyle(.strikethrough)
    code = TextStyle(foreground: palette.warning)
    codeKeyword = TextStyle(.bold, foreground: palette.accent)
    codeString = TextStyle(foreground: palette.success)
    codeComment = TextStyle([.dim, .italic])
    codeNumber = TextStyle(foreground: palette.warning)
    codeFence = TextStyle(.dim)
    link = TextStyle(.underline, foreground: palette.accent)
    linkURL = TextStyle(.dim)
    quote = TextStyle(.italic)
    quoteBar = TextStyle(.dim, foreground: palette.accent)
    listMarker = TextStyle(foreground: palette.accent)
    rule = TextStyle(.dim)
    tableBorder = TextStyle(.dim)
    tableHeader = TextStyle(.bold)
    dim = TextStyle(.dim)
    accent = TextStyle(foreground: palette.accent)
    error = TextStyle(foreground: palette.danger)
    warning = TextStyle(foreground: palette.warning)
    success = TextStyle(foreground: palette.success)
    userLabel = TextStyle(.bold, foreground: palette.userBubble)
    assistantLabel = TextStyle(.bold, foreground: palette.success)
    statusBar = TextStyle(.dim)
    prompt = TextStyle(.bold, foreground: palette.accent)
    spinner = TextStyle(foreground: palette.accent)
  }

  /// The theme derived from `TerminalPalette.standard`.
  public static let standard = TerminalTheme(palette: .standard)
}
