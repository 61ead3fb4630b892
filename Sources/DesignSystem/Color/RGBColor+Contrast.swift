import Foundation

extension RGBColor {
  /// WCAG 2.x relative luminance, 0 (black) to 1 (white).
  ///
  /// Each channel is linearised with the sRGB transfer function (threshold 0.04045, the
  /// sRGB standard's value; WCAG 2.0's 0.03928 gives identical results for 8-bit values),
  /// then weighted 0.2126 R + 0.7152 G + 0.0722 B.
  public var relativeLuminance: Double {
    let (r, g, b) = fractions
    return 0.2126 * Self.linearized(r) + 0.7152 * Self.linearized(g)
      + 0.0722 * Self.linearized(b)
  }

  /// The WCAG contrast ratio with `other`: (lighter + 0.05) / (darker + 0.05), from 1 to 21.
  /// Symmetric. Never rounded: WCAG treats 4.499 as failing 4.5.
  public func contrastRatio(with other: RGBColor) -> Double {
    let first = relativeLuminance
    let second = other.relativeLuminance
    return (max(first, second) + 0.05) / (min(first, second) + 0.05)
  }

  private static func linearized(_ channel: Double) -> Double {
    channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
  }
}

/// A WCAG 2.x AA contrast minimum.
public enum ContrastRequirement: String, CaseIterable, Sendable {
  /// Body text and any text smaller than large text: 4.5:1 (success criterion 1.4.3).
  case normalText
  /// Large text (see `DSTypography.isLargeText`): 3:1 (1.4.3).
  case largeText
  /// Visual information needed to use a control or read a graphic (icons, focus rings,
  /// input borders, status indicators): 3:1 against adjacent colours (1.4.11).
  case nonText

  /// The smallest passing ratio.
  public var minimumRatio: Double {
    switch self {
    case .normalText: return 4.5
    case .largeText, .nonText: return 3
    }
  }

  /// Whether `ratio` passes. Exactly the minimum passes; anything below fails.
  public func isMet(by ratio: Double) -> Bool {
    ratio >= minimumRatio
  }

  /// The requirement for text of `size` points and `weight`.
  public static func forText(size: Double, weight: FontWeight) -> ContrastRequirement {
    DSTypography.isLargeText(size: size, weight: weight) ? .largeText : .normalText
  }
}
