import Core

extension ThemePalette {
  /// The light theme, and the system theme in light mode: neutral greys with a blue accent.
  public static let light = ThemePalette(
    name: "light", colorScheme: .light,
    background: 0xFFFFFF, surface: 0xF2F2F7, surfaceElevated: 0xFFFFFF,
    textPrimary: 0x111114, textSecondary: 0x46464E, textTertiary: 0x66666E,
    accentPrimary: 0x0058CC, accentSecondary: 0x6B3FD4, onAccent: 0xFFFFFF,
    borderHairline: 0xE3E3E8, borderSubtle: 0xD1D1D6, borderStrong: 0x8A8A91,
    success: 0x1F7A37, warning: 0xA35200, danger: 0xC81E2B,
    bubbleUser: 0x0058CC, bubbleUserText: 0xFFFFFF,
    bubbleAssistant: 0xE9E9EE, bubbleAssistantText: 0x111114)

  /// The dark theme, and the system theme in dark mode: true black with a bright blue accent
  /// (dark text on it, since white on a bright blue fails 4.5:1).
  public static let dark = ThemePalette(
    name: "dark", colorScheme: .dark,
    background: 0x000000, surface: 0x1C1C1E, surfaceElevated: 0x2C2C2E,
    textPrimary: 0xF5F5F7, textSecondary: 0xC7C7CC, textTertiary: 0xA1A1A8,
    accentPrimary: 0x4DA3FF, accentSecondary: 0xB08CFF, onAccent: 0x000000,
    borderHairline: 0x2C2C2E, borderSubtle: 0x3A3A3C, borderStrong: 0x7C7C83,
    success: 0x34C759, warning: 0xFF9F0A, danger: 0xFF6961,
    bubbleUser: 0x0A5BC4, bubbleUserText: 0xFFFFFF,
    bubbleAssistant: 0x2C2C2E, bubbleAssistantText: 0xF5F5F7)

  /// Aurora, premium light: warm cream with coral and peach accents. The coral is light
  /// enough that dark brown text on it passes 4.5:1; the user's bubble is a deeper coral
  /// that carries cream text.
  public static let aurora = ThemePalette(
    name: "aurora", colorScheme: .light,
    background: 0xFFF8F0, surface: 0xFCF0E4, surfaceElevated: 0xFFFDF9,
    textPrimary: 0x2B1A12, textSecondary: 0x5A3F31, textTertiary: 0x76574A,
    accentPrimary: 0xDE6347, accentSecondary: 0xC0651F, onAccent: 0x2B1A12,
    borderHairline: 0xF1DFCF, borderSubtle: 0xE6CDB8, borderStrong: 0xA07E6C,
    success: 0x2E7D4F, warning: 0xA35A00, danger: 0xB42318,
    bubbleUser: 0xB5442C, bubbleUserText: 0xFFF8F0,
    bubbleAssistant: 0xFBE3D3, bubbleAssistantText: 0x2B1A12)

  /// Obsidian, premium dark: deep navy with electric cyan accents.
  public static let obsidian = ThemePalette(
    name: "obsidian", colorScheme: .dark,
    background: 0x0A1020, surface: 0x111A2E, surfaceElevated: 0x1A2540,
    textPrimary: 0xE8F1FF, textSecondary: 0xB2C1DA, textTertiary: 0x8E9EBB,
    accentPrimary: 0x22D3EE, accentSecondary: 0x5EEAD4, onAccent: 0x0A1020,
    borderHairline: 0x1C2742, borderSubtle: 0x26334F, borderStrong: 0x5F7191,
    success: 0x4ADE80, warning: 0xFBBF24, danger: 0xF87171,
    bubbleUser: 0x0E6F88, bubbleUserText: 0xFFFFFF,
    bubbleAssistant: 0x1A2540, bubbleAssistantText: 0xE8F1FF)

  /// The palette for `theme` in `colorScheme`. `system` follows the scheme; every other
  /// theme has one fixed palette and ignores it.
  public static func palette(for theme: Theme, colorScheme: ColorScheme) -> ThemePalette {
    switch theme {
    case .system: return colorScheme == .dark ? dark : light
    case .light: return light
    case .dark: return dark
    case .aurora: return aurora
    case .obsidian: return obsidian
    }
  }

  /// Every palette `theme` can show: both schemes for `system`, one for the others.
  public static func variants(of theme: Theme) -> [ThemePalette] {
    let palettes = ColorScheme.allCases.map { palette(for: theme, colorScheme: $0) }
    return palettes.reduce(into: []) { unique, palette in
      if !unique.contains(palette) { unique.append(palette) }
    }
  }
}

extension Theme {
  /// This theme's palette in `colorScheme` (which only `system` follows).
  public func palette(in colorScheme: ColorScheme) -> ThemePalette {
    ThemePalette.palette(for: self, colorScheme: colorScheme)
  }
}
