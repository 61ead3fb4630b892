import Core

/// Every colour role of one theme in one colour scheme.
///
/// Other modules read a palette with `ThemePalette.palette(for:colorScheme:)` (or
/// `theme.palette(in:)`), then a role by property (`palette.textPrimary`) or by subscript
/// (`palette[.textPrimary]`); each value is an `RGBColor` whose 8-bit channels a terminal
/// can print as a 24-bit colour.
public struct ThemePalette: Hashable, Sendable {
  /// A short name for logs and tests: `light`, `dark`, `aurora`, `obsidian`.
  public let name: String
  /// Whether the palette is light or dark.
  public let colorScheme: ColorScheme

  /// See `ColorRole.background`.
  public let background: RGBColor
  /// See `ColorRole.surface`.
  public let surface: RGBColor
  /// See `ColorRole.surfaceElevated`.
  public let surfaceElevated: RGBColor
  /// See `ColorRole.textPrimary`.
  public let textPrimary: RGBColor
  /// See `ColorRole.textSecondary`.
  public let textSecondary: RGBColor
  /// See `ColorRole.textTertiary`.
  public let textTertiary: RGBColor
  /// See `ColorRole.accentPrimary`.
  public let accentPrimary: RGBColor
  /// See `ColorRole.accentSecondary`.
  public let accentSecondary: RGBColor
  /// See `ColorRole.onAccent`.
  public let onAccent: RGBColor
  /// See `ColorRole.borderHairline`.
  public let borderHairline: RGBColor
  /// See `ColorRole.borderSubtle`.
  public let borderSubtle: RGBColor
  /// See `ColorRole.borderStrong`.
  public let borderStrong: RGBColor
  /// See `ColorRole.success`.
  public let success: RGBColor
  /// See `ColorRole.warning`.
  public let warning: RGBColor
  /// See `ColorRole.danger`.
  public let danger: RGBColor
  /// See `ColorRole.bubbleUser`.
  public let bubbleUser: RGBColor
  /// See `ColorRole.bubbleUserText`.
  public let bubbleUserText: RGBColor
  /// See `ColorRole.bubbleAssistant`.
  public let bubbleAssistant: RGBColor
  /// See `ColorRole.bubbleAssistantText`.
  public let bubbleAssistantText: RGBColor

  /// Creates a palette with a colour for every role.
  public init(
    name: String,
    colorScheme: ColorScheme,
    background: RGBColor,
    surface: RGBColor,
    surfaceElevated: RGBColor,
    textPrimary: RGBColor,
    textSecondary: RGBColor,
    textTertiary: RGBColor,
    accentPrimary: RGBColor,
    accentSecondary: RGBColor,
    onAccent: RGBColor,
    borderHairline: RGBColor,
    borderSubtle: RGBColor,
    borderStrong: RGBColor,
    success: RGBColor,
    warning: RGBColor,
    danger: RGBColor,
    bubbleUser: RGBColor,
    bubbleUserText: RGBColor,
    bubbleAssistant: RGBColor,
    bubbleAssistantText: RGBColor
  ) {
    self.name = name
    self.colorScheme = colorScheme
    self.background = background
    self.surface = surface
    self.surfaceElevated = surfaceElevated
    self.textPrimary = textPrimary
    self.textSecondary = textSecondary
    self.textTertiary = textTertiary
    self.accentPrimary = accentPrimary
    self.accentSecondary = accentSecondary
    self.onAccent = onAccent
    self.borderHairline = borderHairline
    self.borderSubtle = borderSubtle
    self.borderStrong = borderStrong
    self.success = success
    self.warning = warning
    self.danger = danger
    self.bubbleUser = bubbleUser
    self.bubbleUserText = bubbleUserText
    self.bubbleAssistant = bubbleAssistant
    self.bubbleAssistantText = bubbleAssistantText
  }

  /// The colour of `role`.
  public subscript(role: ColorRole) -> RGBColor {
    switch role {
    case .background: return background
    case .surface: return surface
    case .surfaceElevated: return surfaceElevated
    case .textPrimary: return textPrimary
    case .textSecondary: return textSecondary
    case .textTertiary: return textTertiary
    case .accentPrimary: return accentPrimary
    case .accentSecondary: return accentSecondary
    case .onAccent: return onAccent
    case .borderHairline: return borderHairline
    case .borderSubtle: return borderSubtle
    case .borderStrong: return borderStrong
    case .success: return success
    case .warning: return warning
    case .danger: return danger
    case .bubbleUser: return bubbleUser
    case .bubbleUserText: return bubbleUserText
    case .bubbleAssistant: return bubbleAssistant
    case .bubbleAssistantText: return bubbleAssistantText
    }
  }

  /// Every role with its colour, in `ColorRole.allCases` order.
  public var colors: [(role: ColorRole, color: RGBColor)] {
    ColorRole.allCases.map { ($0, self[$0]) }
  }
}

extension ThemePalette: CustomStringConvertible {
  /// `aurora (light)`.
  public var description: String { "\(name) (\(colorScheme.rawValue))" }
}
