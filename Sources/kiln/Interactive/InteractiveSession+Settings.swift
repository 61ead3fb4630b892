import AI
import Core
import FeatureChat
import FeatureSettings
import Localization
import Storage
import TerminalUI

/// `/settings` and `/theme`: the settings screen in the terminal, driven by the same
/// `SettingsViewModel`. Every change is saved at once and is there in the next run.
extension InteractiveSession {
  func settings(name: String?, value: String?) async {
    guard let name else {
      await listSettings()
      return
    }
    guard let setting = SessionSetting.named(name) else {
      let suggestion = SessionSetting.suggestion(for: name).map { " Did you mean \($0)?" } ?? ""
      let names = SessionSetting.allCases.map(\.rawValue).joined(separator: ", ")
      problem("There is no setting '\(name)'.\(suggestion) Settings: \(names).")
      return
    }
    await settingsModel.load()
    guard let value else {
      say(row(for: setting), cut: true)
      hint("/settings \(setting.rawValue) VALUE changes it.")
      return
    }
    switch setting {
    case .theme:
      repaint()
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
    await settingsModel.load()
    repaint()
    reportSettingsFailure(doing: "read the settings")
    say(L10n.Settings.title, theme.heading)
    for setting in SessionSetting.allCases { say(row(for: setting), cut: true) }
    hint("/settings NAME VALUE changes one, e.g. /settings haptics off; changes are kept.")
    say("AI: \(Welcome.provider(dependencies.ai, model: modelName))")
    await showPlan()
  }

  /// One line of `/settings`: the name to type, the label, the value and the choices.
  private func row(for setting: SessionSetting) -> StyledText {
    // Columns are at least two spaces apart, however long a value is.
    func padded(_ text: String, _ width: Int) -> String {
      text.padding(toLength: max(width, text.count + 2), withPad: " ", startingAt: 0)
    }
    var line = StyledText("  " + padded(setting.rawValue, 15), style: theme.accent)
    line.append(padded(setting.label, 21))
    line.append(padded(value(of: setting), 24), style: .plain.adding(.bold))
    line.append(setting.choices, style: theme.dim)
    return line
  }

  /// The value of `setting` as the settings model shows it.
  private func value(of setting: SessionSetting) -> String {
    switch setting {
    case .theme: return L10n.Theme.name(of: settingsModel.theme)
    case .diagnostics: return SessionSetting.words(for: settingsModel.shareDiagnostics)
    case .notifications: return SessionSetting.words(for: settingsModel.notificationsEnabled)
    case .haptics: return SessionSetting.words(for: settingsModel.hapticsEnabled)
    case .reduceMotion: return SessionSetting.words(for: settingsModel.reduceMotion)
    case .chatStyle: return settingsModel.chatUIStyle.rawValue
    case .model:
      let name = settingsModel.effectiveModel?.id ?? "provider default"
      return settingsModel.selectedModel == nil ? "\(name) (default)" : name
    case .persona:
      return settingsModel.selectedPersona?.name ?? PersonaCatalogue.defaultPersona.displayName
    }
  }

  private func toggle(_ setting: SessionSetting, _ value: String) async {
    guard let isOn = SessionSetting.switchPosition(value) else {
      problem("'\(value)' is not on or off. Usage: /settings \(setting.rawValue) on|off")
      return
    }
    switch setting {
    case .diagnostics: await settingsModel.diagnosticsToggled(isOn)
    case .notifications: await settingsModel.notificationsToggled(isOn)
    case .haptics: await settingsModel.hapticsToggled(isOn)
    case .reduceMotion: await settingsModel.reduceMotionToggled(isOn)
    case .theme, .chatStyle, .model, .persona: return
    }
    confirm(setting)
  }

  private func chooseChatStyle(_ value: String) async {
    guard let style = SessionSetting.chatStyle(value) else {
      let names = SettingsDTO.ChatUIStyle.allCases.map(\.rawValue)
      let suggestion = value.lowercased().closestMatch(in: names, maximumDistance: 3)
      problem(
        "There is no chat style '\(value)'.\(suggestion.map { " Did you mean \($0)?" } ?? "")"
          + " Chat styles: \(names.joined(separator: ", ")).")
      return
    }
    await settingsModel.chatStyleSelected(style)
    confirm(.chatStyle)
  }

  /// The model new conversations (and this one) use, kept for later runs.
  private func chooseDefaultModel(_ value: String) async {
    let catalogue = dependencies.ai.catalogue
    let chosen: ModelID?
    if value.lowercased() == "default" {
      chosen = nil
    } else if let number = Int(value) {
      guard catalogue.models.indices.contains(number - 1) else {
        problem("There is no model \(number) (1–\(catalogue.models.count)); /model lists them.")
        return
      }
      chosen = catalogue.models[number - 1].id
    } else {
      chosen = ModelID(rawValue: value)
    }
    await settingsModel.modelSelected(chosen?.rawValue)
    guard !reportSettingsFailure(doing: "save the model") else { return }
    model = settingsModel.selectedModel.map(ModelID.init(rawValue:))
    chat?.model = model ?? catalogue.defaultModel
    if let chosen, !catalogue.models.isEmpty, catalogue.model(chosen) == nil {
      hint("\(chosen.rawValue) is not in the list; Kiln will ask the provider for it anyway.")
    }
    confirm(.model)
  }

  /// The persona of new conversations, kept for later runs.
  private func chooseDefaultPersona(_ value: String) async {
    var chosen: Persona?
    if value.lowercased() != "default" {
      guard let found = AssistantCommands.persona(named: value, reportingTo: console) else {
        return
      }
      chosen = found
    }
    await settingsModel.personaSelected(chosen?.id.rawValue)
    guard !reportSettingsFailure(doing: "save the persona") else { return }
    persona = chosen ?? PersonaCatalogue.defaultPersona
    confirm(.persona)
    if chat != nil { hint("This conversation keeps its persona; /new starts one with it.") }
  }

  /// Says what `setting` is now, or why the change did not stick.
  private func confirm(_ setting: SessionSetting) {
    guard !reportSettingsFailure(doing: "save the setting") else { return }
    done("\(setting.label): \(value(of: setting)).")
  }

  // MARK: - Theme

  func chooseTheme(_ name: String?) async {
    await settingsModel.load()
    repaint()
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
      let suggestion = name.lowercased().closestMatch(in: names, maximumDistance: 2).map {
        " Did you mean \($0)?"
      }
      problem(
        "There is no theme '\(name)'.\(suggestion ?? "") Themes: \(names.joined(separator: ", ")).")
      return
    }
    paywallRequested = false
    await settingsModel.themeSelected(chosen)
    if paywallRequested {
      paywallRequested = false
      problem("\(L10n.Theme.name(of: chosen)) is a Kiln Pro theme.")
      hint("System, light and dark are free.")
      await upgrade(nil)
      return
    }
    guard !reportSettingsFailure(doing: "save the theme") else { return }
    repaint()
    say("Theme: \(L10n.Theme.name(of: settingsModel.theme)).", theme.accent.adding(.bold))
  }

  private func listThemes() {
    for (index, option) in settingsModel.themeOptions.enumerated() {
      var line = StyledText(
        option.theme.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))
      line.append(option.name, style: .plain.adding(.bold))
      line.append("  \(option.description)", style: theme.dim)
      if option.isPremium {
        line.append("  Kiln Pro", style: option.isLocked ? theme.warning : theme.dim)
      }
      if option.theme == settingsModel.theme { line.append("  (in use)", style: theme.accent) }
      say(numbered(index + 1, line), cut: true)
    }
    hint("/theme NAME switches; the choice is kept.")
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
