import Core
import FeatureSettings

/// The settings screen's model as the session's handlers share it: `/settings` and `/theme`
/// change it, `/logout` and `/delete-account` act through it, and every purchase or sign-in
/// reloads it. It owns the model, made on first use, and paints the console in its theme.
@MainActor
final class SettingsScreen {
  private let console: SessionConsole
  private let themeManager: ThemeManager
  private let makeModel: (@escaping @MainActor () -> Void) -> SettingsViewModel
  /// Set when the model asked for the paywall (a premium theme without Kiln Pro).
  var paywallRequested = false

  /// A screen whose model `makeModel` builds, given what to call when the model asks for the
  /// paywall.
  init(
    console: SessionConsole, themeManager: ThemeManager,
    makeModel: @escaping (@escaping @MainActor () -> Void) -> SettingsViewModel
  ) {
    self.console = console
    self.themeManager = themeManager
    self.makeModel = makeModel
  }

  /// Theme, switches, chat style, default model and persona.
  lazy var model: SettingsViewModel = makeModel { [weak self] in self?.paywallRequested = true }

  /// The theme the app has selected (before the model loaded, too).
  var selectedTheme: Theme { themeManager.selected }

  /// Reads the saved settings, as the settings screen does when it appears.
  func load() async {
    await model.load()
  }

  /// Takes the colours of the theme in use.
  func repaint() {
    console.repaint(themeManager.selected)
  }

  /// Shows the model's last failure, if any; returns whether there was one.
  @discardableResult
  func reportFailure(doing action: String) -> Bool {
    guard let error = model.error else { return false }
    console.problem(error, doing: action)
    model.errorDismissed()
    return true
  }
}
