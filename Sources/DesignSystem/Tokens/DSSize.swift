/// Fixed sizes, in points.
public enum DSSize {
  /// The smallest tappable area on each side: 44 × 44 pt (Apple HIG; the audit enforces it).
  public static let minimumTouchTarget: Double = 44
  /// Separators.
  public static let hairline: Double = 1

  /// Inline icons beside caption text.
  public static let iconSmall: Double = 16
  /// Icons beside body text.
  public static let iconMedium: Double = 20
  /// Toolbar and tab icons.
  public static let iconLarge: Double = 24
  /// Empty-state and feature icons.
  public static let iconXLarge: Double = 32

  /// Avatars in compact rows.
  public static let avatarSmall: Double = 32
  /// Avatars in list rows (seed 002's `Layout.avatarSize`).
  public static let avatarMedium: Double = 48
  /// The profile screen's avatar.
  public static let avatarLarge: Double = 80

  /// Standard button height.
  public static let buttonHeight: Double = 50
  /// Compact button height: never below the minimum touch target.
  public static let compactButtonHeight: Double = 44
  /// The chat input bar's minimum height.
  public static let inputBarMinimumHeight: Double = 44
  /// The widest a form (sign-in, paywall) grows on large screens (seed's 380 pt).
  public static let maximumFormWidth: Double = 380

  /// Every size a control is drawn at, for the touch-target test.
  public static let controlHeights: [Double] = [
    buttonHeight, compactButtonHeight, inputBarMinimumHeight,
  ]
}
