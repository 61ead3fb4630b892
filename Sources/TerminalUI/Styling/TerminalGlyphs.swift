/// The characters renderers draw with, in a Unicode and an ASCII set.
public struct TerminalGlyphs: Hashable, Sendable {
  /// Bullets for list depths 0, 1, 2 (deeper levels repeat them).
  public var bullets: [String]
  /// The bar before quoted lines.
  public var quoteBar: String
  /// The character repeated for horizontal rules and table header lines.
  public var horizontalLine: String
  /// The separator between table columns.
  public var columnSeparator: String
  /// Where a column separator crosses the header line.
  public var cross: String
  /// Marks text that was cut short.
  public var ellipsis: String
  /// Separates the parts of the status line.
  public var separator: String

  /// Unicode glyphs.
  public static let unicode = TerminalGlyphs(
    bullets: ["•", "◦", "▪"], quoteBar: "│", horizontalLine: "─", columnSeparator: "│",
    cross: "┼", ellipsis: "…", separator: "·")

  /// ASCII glyphs for terminals and locales without UTF-8.
  public static let ascii = TerminalGlyphs(
    bullets: ["-", "*", "+"], quoteBar: ">", horizontalLine: "-", columnSeparator: "|",
    cross: "+", ellipsis: "...", separator: "|")

  /// The set the capabilities allow.
  public static func forCapabilities(_ capabilities: TerminalCapabilities) -> TerminalGlyphs {
    capabilities.supportsUnicode ? .unicode : .ascii
  }

  /// The bullet for a list depth.
  public func bullet(depth: Int) -> String {
    bullets.isEmpty ? "-" : bullets[depth % bullets.count]
  }
}
