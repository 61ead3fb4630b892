import AI
import Core
import FeatureChat
import FeatureSettings
import Localization
import Storage
import TerminalUI

/// `/settings` and `/theme`: the settings screen in the terminal, driven by the same
/// `SettingsViewModel`. Every change is saved at once and is there in the next run. The
/// saved default persona and model land in the session's focus.
@MainActor
final class SettingsHandler: SlashCommandHandler {
  private let console: SessionConsole
  private let screen: SettingsScreen
  private let focus: SessionFocus
  private let ai: AIConfiguration
  private let plan: PlanReport
  private let paywall: PaywallHandler

  /// The settings commands; `paywall` opens when a Kiln Pro theme is picked without the plan.
  init(
    console: SessionConsole, screen: SettingsScreen, focus: SessionFocus, ai: AIConfiguration,
    plan: PlanReport, paywall: PaywallHandler
  ) {
    self.console = console
    self.screen = screen
    self.focus = focus
    self.ai = ai
    self.plan = plan
    self.paywall = paywall
  }

  func run(_ command: SlashCommand) async -> Bool {
    switch command {
    case .settings(let name, let value): await settings(name: name, value: value)
    case .theme(let name): await chooseTheme(name)
    default: return false
    }
    return true
  }

  /// Reads the saved settings through the settings model (as the settings screen does when
  /// it appears): applies the theme, and the saved persona and model unless the command line
  /// chose others. A premium theme whose subscription lapsed falls back to System.
  func loadSaved(keepingPersona personaWasChosen: Bool, keepingModel modelWasChosen: Bool) async {
    let before = screen.selectedTheme
    await screen.load()
    screen.repaint()
    if before.isPremium, !screen.model.theme.isPremium, !screen.model.isSubscribed {
      let name = L10n.Theme.name(of: before)
      console.hint(L10n.Session.Settings.proThemeEnded(name))
    }
    if !personaWasChosen,
      let saved = PersonaCatalogue.persona(rawID: screen.model.selectedPersonaID)
    {
      focus.persona = saved
    }
    if !modelWasChosen, let saved = screen.model.selectedModel {
      focus.model = ModelID(rawValue: saved)
    }
    screen.reportFailure(doing: L10n.Session.Actions.doReadSettings)
  }

  private func settings(name: String?, value: String?) async {
    guard let name else {
      await listSettings()
      return
    }
    guard let setting = SessionSetting.named(name) else {
      let names = SessionSetting.allCases.map(\.rawValue).joined(separator: ", ")
      console.problem(
        SessionSetting.suggestion(for: name).map {
          L10n.Session.Settings.noSettingSuggesting(name, $0, names)
        } ?? L10n.Session.Settings.noSetting(name, names))
      return
    }
    await screen.load()
    guard let value else {
      console.say(row(for: setting), cut: true)
      console.hint(L10n.Session.Settings.settingChangeHint(setting.rawValue))
      return
    }
    switch setting {
    case .theme:
      screen.repaint()
      await applyTheme(named: value)
    case .diagnostics, .notifications, .haptics, .reduceMotion:
      await toggle(setting, value)
    case .chatStyle: await chooseChatStyle(value)
    case .model: await chooseDefaultModel(value)
    case .persona: await chooseDefaultPersona(value)
    }
  }

  /// Every setting with its value and what it accepts, then the AI and the plan.
  private func listSettings() async {
    await screen.load()
    screen.repaint()
    screen.reportFailure(doing: L10n.Session.Actions.doReadSettings)
    console.say(L10n.Settings.title, console.theme.heading)
    for setting in SessionSetting.allCases where setting.appliesInTerminal {
      console.say(row(for: setting), cut: true)
    }
    console.hint(L10n.Session.Settings.settingsHint)
    let phoneOnly = SessionSetting.allCases.filter { !$0.appliesInTerminal }.map(\.rawValue)
    console.hint(L10n.Session.Settings.phoneOnlySettings(phoneOnly.joined(separator: ", ")))
    console.say(L10n.Session.Settings.settingsAI(Welcome.provider(ai, model: focus.modelName)))
    await plan.show()
  }

  /// One line of `/settings`: the name to type, the label, the value and the choices.
  private func row(for setting: SessionSetting) -> StyledText {
    // Columns are at least two spaces apart, however long a value is.
    func padded(_ text: String, _ width: Int) -> String {
      text.padding(toLength: max(width, text.count + 2), withPad: " ", startingAt: 0)
    }
    var line = StyledText("  " + padded(setting.rawValue, 15), style: console.theme.accent)
    line.append(padded(setting.label, 21))
    line.append(padded(value(of: setting), 24), style: .plain.adding(.bold))
    line.append(setting.choices, style: console.theme.dim)
    return line
  }

  /// The value of `setting` as the settings model shows it.
  private func value(of setting: SessionSetting) -> String {
    switch setting {
    case .theme: return L10n.Theme.name(of: screen.model.theme)
    case .diagnostics: return SessionSetting.words(for: screen.model.shareDiagnostics)
    case .notifications: return SessionSetting.words(for: screen.model.notificationsEnabled)
    case .haptics: return SessionSetting.words(for: screen.model.hapticsEnabled)
    case .reduceMotion: return SessionSetting.words(for: screen.model.reduceMotion)
    case .chatStyle: return screen.model.chatUIStyle.rawValue
    case .model:
      let name = screen.model.effectiveModel?.id ?? L10n.Session.Settings.providerDefault
      return screen.model.selectedModel == nil ? L10n.Session.Settings.modelDefault(name) : name
    case .persona:
      return screen.model.selectedPersona?.name ?? PersonaCatalogue.defaultPersona.shownName
    }
  }

  private func toggle(_ setting: SessionSetting, _ value: String) async {
    guard let isOn = SessionSetting.switchPosition(value) else {
      console.problem(L10n.Session.Settings.notOnOrOff(value, setting.rawValue))
      return
    }
    switch setting {
    case .diagnostics: await screen.model.diagnosticsToggled(isOn)
    case .notifications: await screen.model.notificationsToggled(isOn)
    case .haptics: await screen.model.hapticsToggled(isOn)
    case .reduceMotion: await screen.model.reduceMotionToggled(isOn)
    case .theme, .chatStyle, .model, .persona: return
    }
    confirm(setting)
  }

  private func chooseChatStyle(_ value: String) async {
    guard let style = SessionSetting.chatStyle(value) else {
      let names = SettingsDTO.ChatUIStyle.allCases.map(\.rawValue)
      let suggestion = value.lowercased().closestMatch(in: names, maximumDistance: 3)
      let styles = names.joined(separator: ", ")
      console.problem(
        suggestion.map { L10n.Session.Settings.noChatStyleSuggesting(value, $0, styles) }
          ?? L10n.Session.Settings.noChatStyle(value, styles))
      return
    }
    await screen.model.chatStyleSelected(style)
    confirm(.chatStyle)
  }

  /// The model new conversations (and this one) use, kept for later runs.
  private func chooseDefaultModel(_ value: String) async {
    let catalogue = ai.catalogue
    let chosen: ModelID?
    if value.lowercased() == "default" {
      chosen = nil
    } else if let number = Int(value) {
      guard catalogue.models.indices.contains(number - 1) else {
        console.problem(L10n.Session.Settings.noModelNumber(number, catalogue.models.count))
        return
      }
      chosen = catalogue.models[number - 1].id
    } else {
      chosen = ModelID(rawValue: value)
    }
    await screen.model.modelSelected(chosen?.rawValue)
    guard !screen.reportFailure(doing: L10n.Session.Actions.doSaveModel) else { return }
    focus.model = screen.model.selectedModel.map(ModelID.init(rawValue:))
    focus.chat?.model = focus.model ?? catalogue.defaultModel
    if let chosen, !catalogue.models.isEmpty, catalogue.model(chosen) == nil {
      console.hint(L10n.Session.Assistant.notInList(chosen.rawValue))
    }
    confirm(.model)
  }

  /// The persona of new conversations, kept for later runs.
  private func chooseDefaultPersona(_ value: String) async {
    var chosen: Persona?
    if value.lowercased() != "default" {
      guard let found = AssistantHandler.persona(named: value, reportingTo: console) else {
        return
      }
      chosen = found
    }
    await screen.model.personaSelected(chosen?.id.rawValue)
    guard !screen.reportFailure(doing: L10n.Session.Actions.doSavePersona) else { return }
    focus.persona = chosen ?? PersonaCatalogue.defaultPersona
    confirm(.persona)
    if focus.chat != nil {
      console.hint(L10n.Session.Settings.keepsPersona)
    }
  }

  /// Says what `setting` is now, or why the change did not stick.
  private func confirm(_ setting: SessionSetting) {
    guard !screen.reportFailure(doing: L10n.Session.Actions.doSaveSetting) else { return }
    console.done("\(setting.label): \(value(of: setting)).")
  }

  // MARK: - Theme

  private func chooseTheme(_ name: String?) async {
    await screen.load()
    screen.repaint()
    guard let name else {
      listThemes()
      return
    }
    await applyTheme(named: name)
  }

  /// Picks the theme `name` names through the settings model (the settings are loaded).
  private func applyTheme(named name: String) async {
    guard let chosen = Self.theme(named: name) else {
      let names = Theme.allCases.map(\.rawValue)
      let themes = names.joined(separator: ", ")
      console.problem(
        name.lowercased().closestMatch(in: names, maximumDistance: 2).map {
          L10n.Session.Settings.noThemeSuggesting(name, $0, themes)
        } ?? L10n.Session.Settings.noTheme(name, themes))
      return
    }
    screen.paywallRequested = false
    await screen.model.themeSelected(chosen)
    if screen.paywallRequested {
      screen.paywallRequested = false
      console.problem(L10n.Session.Settings.proTheme(L10n.Theme.name(of: chosen)))
      console.hint(L10n.Session.Settings.freeThemes)
      _ = await paywall.run(.upgrade(nil))
      return
    }
    guard !screen.reportFailure(doing: L10n.Session.Actions.doSaveTheme) else { return }
    screen.repaint()
    console.say(
      L10n.Session.Settings.themeNamed(L10n.Theme.name(of: screen.model.theme)),
      console.theme.accent.adding(.bold))
  }

  private func listThemes() {
    for (index, option) in screen.model.themeOptions.enumerated() {
      var line = StyledText(
        option.theme.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))
      line.append(option.name, style: .plain.adding(.bold))
      line.append("  \(option.description)", style: console.theme.dim)
      if option.isPremium {
        line.append(
          "  Kiln Pro", style: option.isLocked ? console.theme.warning : console.theme.dim)
      }
      if option.theme == screen.model.theme {
        line.append("  " + L10n.Session.Assistant.inUse, style: console.theme.accent)
      }
      console.say(console.numbered(index + 1, line), cut: true)
    }
    console.hint(L10n.Session.Settings.themeHint)
  }

  /// The theme `text` names: its id, its shown name, or its number in `/theme`.
  static func theme(named text: String) -> Theme? {
    let wanted = text.lowercased()
    if let theme = Theme(rawValue: wanted) { return theme }
    if let theme = Theme.allCases.first(where: { L10n.Theme.name(of: $0).lowercased() == wanted }) {
      return theme
    }
    guard let number = Int(wanted), Theme.allCases.indices.contains(number - 1) else { return nil }
    return Theme.allCases[number - 1]
  }
}
