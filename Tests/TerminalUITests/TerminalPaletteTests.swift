import Core
import DesignSystem
import TerminalUI
import Testing

@Suite struct TerminalPaletteTests {
  @Test(arguments: Theme.allCases)
  func everyThemeMapsItsRolesToTheTerminal(theme: Theme) {
    let variants = ThemePalette.variants(of: theme)
    #expect(variants.count == (theme == .system ? 2 : 1))
    for palette in variants {
      let terminal = TerminalPalette(palette)
      #expect(terminal.accent == palette.accentPrimary)
      #expect(terminal.textPrimary == palette.textPrimary)
      #expect(terminal.danger == palette.danger)
      #expect(terminal.userBubble == palette.bubbleUser)
    }
  }

  @Test func themesLookDifferentInTheTerminal() {
    let obsidian = TerminalPalette(ThemePalette.palette(for: .obsidian, colorScheme: .dark))
    let aurora = TerminalPalette(ThemePalette.palette(for: .aurora, colorScheme: .light))
    #expect(obsidian.accent == RGBColor(0x22D3EE))
    #expect(aurora.accent != obsidian.accent)
    #expect(TerminalTheme(palette: obsidian).heading != TerminalTheme(palette: aurora).heading)
  }
}
