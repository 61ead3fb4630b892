/// A font weight, from the weights the type scale uses.
public enum FontWeight: Int, CaseIterable, Comparable, Sendable {
  /// 400.
  case regular = 400
  /// 500.
  case medium = 500
  /// 600.
  case semibold = 600
  /// 700: the lightest weight WCAG counts as bold.
  case bold = 700
  /// 800.
  case heavy = 800

  /// Whether WCAG counts this weight as bold (700 or heavier).
  public var isBold: Bool { self >= .bold }

  /// Orders by numeric weight.
  public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// The system text styles, in the order of the type scale (largest first).
public enum TextStyle: String, CaseIterable, Sendable {
  /// Welcome and major reveal titles.
  case largeTitle
  /// Primary screen titles.
  case title1
  /// Section, sheet and large card titles.
  case title2
  /// Secondary screen and compact modal headings.
  case title3
  /// Row titles, button labels, strong labels.
  case headline
  /// Main copy, prompts, chat messages.
  case body
  /// Secondary explanations.
  case callout
  /// Metadata and row subtitles.
  case subheadline
  /// Helper text, timestamps, legal notes.
  case footnote
  /// Chips, badges, counters.
  case caption1
  /// Lowest-priority metadata only.
  case caption2
}

/// One step of the type scale: size and line height in points at the default Dynamic Type
/// size ("Large"), and weights. The SwiftUI target maps it to a scaled system font.
public struct TypeToken: Hashable, Sendable {
  /// The system style this token scales with.
  public let style: TextStyle
  /// The font size in points.
  public let size: Double
  /// The line height in points.
  public let leading: Double
  /// The normal weight.
  public let weight: FontWeight
  /// The weight for emphasis.
  public let emphasizedWeight: FontWeight
  /// Whether the font is monospaced (code).
  public let isMonospaced: Bool

  /// Creates a token.
  public init(
    style: TextStyle, size: Double, leading: Double, weight: FontWeight,
    emphasizedWeight: FontWeight, isMonospaced: Bool = false
  ) {
    self.style = style
    self.size = size
    self.leading = leading
    self.weight = weight
    self.emphasizedWeight = emphasizedWeight
    self.isMonospaced = isMonospaced
  }

  /// The same token drawn at `weight`.
  public func weighted(_ weight: FontWeight) -> TypeToken {
    TypeToken(
      style: style, size: size, leading: leading, weight: weight,
      emphasizedWeight: emphasizedWeight, isMonospaced: isMonospaced)
  }

  /// Whether text in this token counts as large for WCAG contrast.
  public var isLargeText: Bool { DSTypography.isLargeText(size: size, weight: weight) }
}
