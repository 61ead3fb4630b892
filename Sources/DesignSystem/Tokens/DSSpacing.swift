/// Spacing between and inside elements, in points (seed 003's `DSSpacing`).
public enum DSSpacing {
  /// 4 pt: icon-to-label gaps.
  public static let xs: Double = 4
  /// 8 pt: related items.
  public static let sm: Double = 8
  /// 12 pt: rows and list spacing.
  public static let md: Double = 12
  /// 16 pt: screen margins and card padding.
  public static let lg: Double = 16
  /// 24 pt: sections.
  public static let xl: Double = 24

  /// Every step, smallest first.
  public static let scale: [Double] = [xs, sm, md, lg, xl]
}

/// Corner radii, in points (seed 003's `DSRadius`).
public enum DSRadius {
  /// 8 pt: chips and small controls.
  public static let xs: Double = 8
  /// 12 pt: buttons and inputs.
  public static let sm: Double = 12
  /// 16 pt: bubbles and small cards.
  public static let md: Double = 16
  /// 24 pt: cards and sheets.
  public static let lg: Double = 24
  /// 32 pt: hero surfaces.
  public static let xl: Double = 32
  /// Cards use `lg`.
  public static let card: Double = lg

  /// Every step, smallest first (`card` is an alias, not a step).
  public static let scale: [Double] = [xs, sm, md, lg, xl]
}
