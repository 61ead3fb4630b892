import Core
import DesignSystem
import TerminalUI

/// The terminal colours of an app theme.
enum SessionTheme {
  /// The terminal theme for `theme`. The system theme follows the terminal's background
  /// when `COLORFGBG` tells it, and is dark otherwise.
  static func terminalTheme(
    for theme: Theme, environment: [String: String] = [:]
  )
    -> TerminalTheme
  {
    let palette = ThemePalette.palette(for: theme, colorScheme: colorScheme(environment))
    return TerminalTheme(palette: TerminalPalette(palette))
  }

  /// The terminal's background as a colour scheme, from `COLORFGBG` ("15;0" is light text
  /// on black): background colours 7 and 9–15 are light.
  static func colorScheme(_ environment: [String: String]) -> ColorScheme {
    guard let value = environment["COLORFGBG"],
      let background = value.split(separator: ";").last.flatMap({ Int($0) })
    else { return .dark }
    return background == 7 || (9...15).contains(background) ? .light : .dark
  }
}
