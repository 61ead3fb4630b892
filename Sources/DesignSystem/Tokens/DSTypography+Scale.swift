/// The type scale: Apple's text styles at the "Large" Dynamic Type size (sizes, leading and
/// weights from seed 002), and the seed's named roles (`titleXL` … `code`) on top of them.
public enum DSTypography {
  /// The token of each system style.
  public static func token(for style: TextStyle) -> TypeToken {
    switch style {
    case .largeTitle: return make(style, 34, 41, .regular, .bold)
    case .title1: return make(style, 28, 34, .regular, .bold)
    case .title2: return make(style, 22, 28, .regular, .bold)
    case .title3: return make(style, 20, 25, .regular, .semibold)
    case .headline: return make(style, 17, 22, .semibold, .semibold)
    case .body: return make(style, 17, 22, .regular, .semibold)
    case .callout: return make(style, 16, 21, .regular, .semibold)
    case .subheadline: return make(style, 15, 20, .regular, .semibold)
    case .footnote: return make(style, 13, 18, .regular, .semibold)
    case .caption1: return make(style, 12, 16, .regular, .semibold)
    case .caption2: return make(style, 11, 13, .regular, .semibold)
    }
  }

  /// Every style's token, largest first.
  public static var scale: [TypeToken] { TextStyle.allCases.map(token(for:)) }

  /// Hero titles: large title, bold.
  public static let titleXL = token(for: .largeTitle).weighted(.bold)
  /// Screen titles: title 1, bold.
  public static let titleL = token(for: .title1).weighted(.bold)
  /// Section titles: title 2, bold.
  public static let titleM = token(for: .title2).weighted(.bold)
  /// Reading text and chat messages.
  public static let body = token(for: .body)
  /// Small supporting text.
  public static let caption = token(for: .caption1)
  /// Code blocks: monospaced at the subheadline size.
  public static let code = TypeToken(
    style: .subheadline, size: 15, leading: 20, weight: .regular, emphasizedWeight: .semibold,
    isMonospaced: true)

  /// The default reading size (body), in points.
  public static let defaultReadableSize: Double = 17
  /// The smallest size used anywhere (caption 2), in points.
  public static let minimumSize: Double = 11

  /// The smallest size that is large text at any weight: WCAG's 18 pt, which is 24 CSS
  /// pixels. Apple points are treated as CSS pixels (both are the 1x reference unit).
  public static let largeTextMinimumSize: Double = 24
  /// The smallest bold size that is large text: WCAG's 14 pt bold, 18.66 CSS pixels.
  public static let largeBoldTextMinimumSize: Double = 18.66

  /// Whether text of `size` points at `weight` is large text under WCAG 2.x.
  public static func isLargeText(size: Double, weight: FontWeight) -> Bool {
    size >= largeTextMinimumSize || (weight.isBold && size >= largeBoldTextMinimumSize)
  }

  private static func make(
    _ style: TextStyle, _ size: Double, _ leading: Double, _ weight: FontWeight,
    _ emphasized: FontWeight
  ) -> TypeToken {
    TypeToken(
      style: style, size: size, leading: leading, weight: weight, emphasizedWeight: emphasized)
  }
}
