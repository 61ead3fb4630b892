import Core
import Testing

@testable import DesignSystem

@Suite struct ThemePaletteTests {
  /// Every palette any theme can show, with the theme it came from.
  static var allVariants: [(theme: Theme, palette: ThemePalette)] {
    Theme.allCases.flatMap { theme in ThemePalette.variants(of: theme).map { (theme, $0) } }
  }

  /// Which palette each theme shows in each scheme, written out rather than derived.
  static let expectedPalettes: [(Theme, ColorScheme, String)] = [
    (.system, .light, "light"), (.system, .dark, "dark"),
    (.light, .light, "light"), (.light, .dark, "light"),
    (.dark, .light, "dark"), (.dark, .dark, "dark"),
    (.aurora, .light, "aurora"), (.aurora, .dark, "aurora"),
    (.obsidian, .light, "obsidian"), (.obsidian, .dark, "obsidian"),
  ]

  @Test func theTableCoversEveryThemeInEveryScheme() {
    let covered = Self.expectedPalettes.map { "\($0.0)/\($0.1)" }
    #expect(covered.count == Theme.allCases.count * ColorScheme.allCases.count)
    #expect(Set(covered).count == covered.count)
  }

  @Test(arguments: expectedPalettes)
  func eachThemeShowsItsPaletteInEachScheme(theme: Theme, scheme: ColorScheme, name: String) {
    let palette = theme.palette(in: scheme)
    #expect(palette.name == name)
    #expect(ThemePalette.variants(of: theme).contains(palette))
  }

  @Test func systemFollowsTheSchemeAndOtherThemesDoNot() {
    #expect(Theme.system.palette(in: .light) == .light)
    #expect(Theme.system.palette(in: .dark) == .dark)
    #expect(ThemePalette.variants(of: .system).count == ColorScheme.allCases.count)
    for theme in Theme.allCases where theme != .system {
      #expect(ThemePalette.variants(of: theme).count == 1, "\(theme)")
      #expect(theme.palette(in: .light) == theme.palette(in: .dark), "\(theme)")
    }
  }

  @Test func paletteSchemeMatchesTheThemeAppearance() {
    for (theme, palette) in Self.allVariants {
      switch theme.appearance {
      case .light: #expect(palette.colorScheme == .light, "\(theme)")
      case .dark: #expect(palette.colorScheme == .dark, "\(theme)")
      case .followSystem: break
      }
      let isLightBackground = palette.background.relativeLuminance > 0.5
      #expect(isLightBackground == (palette.colorScheme == .light), "\(palette.name)")
    }
  }

  @Test func fixedThemesHaveTheirOwnPalettes() {
    let fixed = Theme.allCases.filter { $0 != .system }.map { $0.palette(in: .light) }
    #expect(Set(fixed).count == fixed.count)
    #expect(Set(fixed.map(\.name)).count == fixed.count)
  }

  @Test(arguments: allVariants.map(\.palette))
  func everyPromisedPairMeetsWCAGAA(palette: ThemePalette) {
    for (pair, ratio) in palette.contrastFailures() {
      Issue.record(
        "\(palette.name): \(pair.foreground) on \(pair.background) is \(ratio), needs \(pair.requirement.minimumRatio)"
      )
    }
    for pair in ThemePalette.contrastPairs {
      let ratio = palette.contrastRatio(of: pair.foreground, on: pair.background)
      #expect(ratio >= pair.requirement.minimumRatio)
    }
  }

  @Test func textOnEverySurfaceIsHeldToBodyTextContrast() {
    for text in [ColorRole.textPrimary, .textSecondary, .textTertiary] {
      for surface in ThemePalette.surfaceRoles {
        #expect(ThemePalette.contrastPairs.contains(ContrastPair(text, on: surface, .normalText)))
      }
    }
    for (text, bubble) in [
      (ColorRole.bubbleUserText, ColorRole.bubbleUser),
      (.bubbleAssistantText, .bubbleAssistant), (.onAccent, .accentPrimary),
    ] {
      #expect(ThemePalette.contrastPairs.contains(ContrastPair(text, on: bubble, .normalText)))
    }
  }

  @Test func everyRoleIsCheckedOrDeliberatelyExempt() {
    let checked = Set(ThemePalette.contrastPairs.flatMap { [$0.foreground, $0.background] })
    for role in ColorRole.allCases {
      #expect(checked.contains(role) || ThemePalette.exemptRoles.contains(role), "\(role)")
    }
    let foregrounds = Set(ThemePalette.contrastPairs.map(\.foreground))
    #expect(foregrounds.isDisjoint(with: ThemePalette.exemptRoles))
  }

  @Test(arguments: allVariants.map(\.palette))
  func decorativeBordersAreStillVisible(palette: ThemePalette) {
    #expect(palette.contrastRatio(of: .borderHairline, on: .background) > 1.1)
    #expect(
      palette.contrastRatio(of: .borderSubtle, on: .background)
        > palette.contrastRatio(of: .borderHairline, on: .background))
  }

  @Test func subscriptReadsEveryRole() {
    let palette = ThemePalette.obsidian
    #expect(palette.colors.map(\.role) == ColorRole.allCases)
    #expect(palette[.background] == palette.background)
    #expect(palette[.accentPrimary] == palette.accentPrimary)
    #expect(palette[.bubbleAssistantText] == palette.bubbleAssistantText)
  }

  @Test func auroraIsWarmCreamWithCoral() {
    let aurora = ThemePalette.aurora
    #expect(aurora.colorScheme == .light)
    #expect(aurora.background.red > aurora.background.blue)
    #expect(aurora.background.relativeLuminance > 0.9)
    #expect(aurora.accentPrimary.red > aurora.accentPrimary.green)
    #expect(aurora.accentPrimary.green > aurora.accentPrimary.blue)
  }

  @Test func obsidianIsDeepNavyWithCyan() {
    let obsidian = ThemePalette.obsidian
    #expect(obsidian.colorScheme == .dark)
    #expect(obsidian.background.blue > obsidian.background.red)
    #expect(obsidian.background.relativeLuminance < 0.01)
    #expect(obsidian.accentPrimary.red < 0x40)
    #expect(obsidian.accentPrimary.green > 0xC0 && obsidian.accentPrimary.blue > 0xC0)
  }

  @Test func premiumThemesAreAuroraAndObsidian() {
    let premium = Theme.allCases.filter(\.isPremium).map { $0.palette(in: .light).name }
    #expect(premium == ["aurora", "obsidian"])
  }
}
