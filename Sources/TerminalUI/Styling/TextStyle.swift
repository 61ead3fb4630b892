import DesignSystem

/// How a run of text looks: attributes plus optional foreground and background colours.
///
/// A style is a value a theme holds per role; it becomes escape codes only when rendered for
/// a terminal whose `TerminalCapabilities` allow it.
public struct TextStyle: Hashable, Sendable {
  /// Text attributes a terminal draws with SGR codes.
  public struct Attributes: OptionSet, Hashable, Sendable {
    /// The attribute bits.
    public let rawValue: UInt8

    /// Attributes from their bits.
    public init(rawValue: UInt8) {
      self.rawValue = rawValue
    }

    /// Bold or bright text (SGR 1).
    public static let bold = Attributes(rawValue: 1 << 0)
    /// Faint text (SGR 2).
    public static let dim = Attributes(rawValue: 1 << 1)
    /// Italic text (SGR 3).
    public static let italic = Attributes(rawValue: 1 << 2)
    /// Underlined text (SGR 4).
    public static let underline = Attributes(rawValue: 1 << 3)
    /// Swapped foreground and background (SGR 7).
    public static let inverse = Attributes(rawValue: 1 << 4)
    /// Struck-through text (SGR 9).
    public static let strikethrough = Attributes(rawValue: 1 << 5)
  }

  /// The attributes to draw with.
  public var attributes: Attributes
  /// The text colour; `nil` keeps the terminal's own.
  public var foreground: RGBColor?
  /// The background colour; `nil` keeps the terminal's own.
  public var background: RGBColor?

  /// A style from attributes and colours.
  public init(
    _ attributes: Attributes = [], foreground: RGBColor? = nil, background: RGBColor? = nil
  ) {
    self.attributes = attributes
    self.foreground = foreground
    self.background = background
  }

  /// The terminal's default look: no attributes, no colours.
  public static let plain = TextStyle()

  /// Whether the style changes nothing.
  public var isPlain: Bool {
    attributes.isEmpty && foreground == nil && background == nil
  }

  /// This style with `overlay` on top: attributes are combined and the overlay's colours win
  /// where it has them. Used to put inline emphasis on a heading or a link in a quote.
  public func merging(_ overlay: TextStyle) -> TextStyle {
    TextStyle(
      attributes.union(overlay.attributes),
      foreground: overlay.foreground ?? foreground,
      background: overlay.background ?? background
    )
  }

  /// This style with more attributes.
  public func adding(_ more: Attributes) -> TextStyle {
    TextStyle(attributes.union(more), foreground: foreground, background: background)
  }
}
