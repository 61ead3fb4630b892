import Core
import DesignSystem
import FeatureSettings
import Localization
import Storage
import TestSupport
import Testing

/// Loading, and every change saved at once through the repository.
@MainActor @Suite struct SettingsViewModelTests {
  /// The on/off settings, each with the action that flips it and where it is stored.
  enum Toggle: String, CaseIterable, Sendable {
    case diagnostics, notifications, haptics, reduceMotion

    @MainActor func flip(_ settings: SettingsViewModel, to isOn: Bool) async {
      switch self {
      case .diagnostics: await settings.diagnosticsToggled(isOn)
      case .notifications: await settings.notificationsToggled(isOn)
      case .haptics: await settings.hapticsToggled(isOn)
      case .reduceMotion: await settings.reduceMotionToggled(isOn)
      }
    }

    func value(in dto: SettingsDTO) -> Bool {
      switch self {
      case .diagnostics: return dto.shareDiagnostics
      case .notifications: return dto.notificationsEnabled
      case .haptics: return dto.hapticsEnabled
      case .reduceMotion: return dto.reduceMotion
      }
    }

    @MainActor func shown(by settings: SettingsViewModel) -> Bool {
      switch self {
      case .diagnostics: return settings.shareDiagnostics
      case .notifications: return settings.notificationsEnabled
      case .haptics: return settings.hapticsEnabled
      case .reduceMotion: return settings.reduceMotion
      }
    }
  }

  @Test func loadShowsTheStoredSettings() async {
    let stored = SettingsDTO(
      theme: .dark, shareDiagnostics: true, notificationsEnabled: false, hapticsEnabled: false,
      reduceMotion: true, chatUIStyle: .centered, selectedModel: "openai/gpt-4o-mini",
      selectedPersonaID: "swift-expert")
    let harness = SettingsHarness(stored: stored)
    let settings = harness.makeViewModel()
    #expect(settings.loadState == .notLoaded)
    await settings.load()
    #expect(settings.loadState == .loaded)
    #expect(settings.settings == stored)
    #expect(settings.theme == .dark)
    #expect(harness.themeManager.selected == .dark)
    #expect(settings.chatUIStyle == .centered)
    #expect(settings.selectedModel == .gpt4oMini)
    #expect(settings.effectiveModel?.displayName == "GPT-4o mini")
    #expect(settings.selectedPersona == PersonaOption(id: "swift-expert", name: "Swift Expert"))
    #expect(settings.subscription == .free)
  }

  @Test func nothingStoredShowsTheDefaults() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel()
    #expect(settings.settings == .defaults)
    #expect(!settings.shareDiagnostics, "diagnostics are opt-in")
    #expect(settings.selectedModel == nil)
    #expect(settings.effectiveModel?.id == ModelChoices.defaults.defaultID)
    #expect(settings.modelOptions == ModelChoices.defaults.options)
    #expect(settings.personaOptions == SettingsHarness.personas)
  }

  @Test(arguments: Toggle.allCases)
  func eachToggleIsSavedAtOnceAndSurvivesANewModel(toggle: Toggle) async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel()
    let flipped = !toggle.value(in: .defaults)
    await toggle.flip(settings, to: flipped)
    #expect(toggle.shown(by: settings) == flipped)
    #expect(toggle.value(in: await harness.repository.current) == flipped)
    #expect(await harness.repository.saveCount == 1)

    let reopened = await harness.makeLoadedViewModel()
    #expect(toggle.shown(by: reopened) == flipped)
    var expected = SettingsDTO.defaults
    switch toggle {
    case .diagnostics: expected.shareDiagnostics = flipped
    case .notifications: expected.notificationsEnabled = flipped
    case .haptics: expected.hapticsEnabled = flipped
    case .reduceMotion: expected.reduceMotion = flipped
    }
    #expect(reopened.settings == expected, "no other setting moved")
  }

  @Test func choicesAreSavedAtOnceAndSurviveANewModel() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel()
    await settings.chatStyleSelected(.centered)
    await settings.modelSelected(.gpt4oMini)
    await settings.personaSelected("swift-expert")
    #expect(await harness.repository.saveCount == 3)

    let reopened = await harness.makeLoadedViewModel()
    #expect(reopened.chatUIStyle == .centered)
    #expect(reopened.selectedModel == .gpt4oMini)
    #expect(reopened.selectedPersonaID == "swift-expert")

    await reopened.modelSelected(nil)
    await reopened.personaSelected(nil)
    let stored = await harness.repository.current
    #expect(stored.selectedModel == nil)
    #expect(stored.selectedPersonaID == nil)
    #expect(reopened.effectiveModel?.id == .gpt35Turbo, "nil means the catalogue's default")
  }

  @Test func aModelOutsideTheCatalogueIsKeptAndUsed() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel()
    await settings.modelSelected("llama3.2")
    #expect(settings.effectiveModel == ModelOption(id: "llama3.2"))
    #expect(await harness.repository.current.selectedModel == "llama3.2")
  }

  @Test func choosingTheShownValueAgainSavesNothing() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel()
    await settings.hapticsToggled(true)
    await settings.chatStyleSelected(.bubble)
    await settings.themeSelected(.system)
    #expect(await harness.repository.saveCount == 0)
  }

  @Test func aFailedSaveShowsALocalizedErrorAndPutsTheToggleBack() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel()
    await harness.repository.failNextSave(with: StorageError.diskFull)
    await settings.diagnosticsToggled(true)
    #expect(!settings.shareDiagnostics, "back to what is stored")
    #expect(await harness.repository.current.shareDiagnostics == false)
    #expect(settings.error == .storage(.diskFull))
    #expect(
      L10n.withLanguage(.english) { settings.errorMessage }
        == "Your device is out of storage. Free up some space and try again.")
    #expect(
      L10n.withLanguage(.spanish) { settings.errorMessage }
        == "Tu dispositivo no tiene espacio de almacenamiento. Libera espacio e inténtalo de nuevo."
    )

    settings.errorDismissed()
    #expect(settings.errorMessage == nil)
    await settings.diagnosticsToggled(true)
    #expect(settings.shareDiagnostics, "trying again works")
    #expect(await harness.repository.current.shareDiagnostics)
    await harness.repository.verifyAllUsed()
  }

  @Test func aFailedReadBeforeSavingAlsoPutsTheChoiceBack() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel()
    await harness.repository.failNextLoad(with: StorageError.busy)
    await settings.chatStyleSelected(.centered)
    #expect(settings.chatUIStyle == .bubble)
    #expect(settings.error == .storage(.busy))
    #expect(await harness.repository.saveCount == 0)
    await harness.repository.verifyAllUsed()
  }

  @Test func aFailedLoadShowsTheDefaultsAndAnErrorAndChangesStillSave() async {
    let harness = SettingsHarness(stored: SettingsDTO(hapticsEnabled: false))
    await harness.repository.failNextLoad(with: StorageError.corrupted("bad page"))
    let settings = await harness.makeLoadedViewModel()
    #expect(settings.loadState == .failed(.storage(.corrupted)))
    #expect(
      L10n.withLanguage(.english) { settings.errorMessage }
        == "Your saved data could not be read. Restore it from a backup or start fresh.")
    #expect(settings.settings == .defaults)

    await settings.reduceMotionToggled(true)
    let stored = await harness.repository.current
    #expect(stored.reduceMotion)
    #expect(!stored.hapticsEnabled, "the save started from what is stored, not the defaults")
    #expect(!settings.hapticsEnabled, "and the screen now shows what is stored")
    await harness.repository.verifyAllUsed()
  }

  @Test func quickSuccessiveChangesAreAllSaved() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel()
    async let diagnostics: Void = settings.diagnosticsToggled(true)
    async let notifications: Void = settings.notificationsToggled(false)
    async let haptics: Void = settings.hapticsToggled(false)
    async let motion: Void = settings.reduceMotionToggled(true)
    async let style: Void = settings.chatStyleSelected(.centered)
    async let model: Void = settings.modelSelected(.gpt4oMini)
    async let persona: Void = settings.personaSelected("general")
    _ = await (diagnostics, notifications, haptics, motion, style, model, persona)
    let expected = SettingsDTO(
      shareDiagnostics: true, notificationsEnabled: false, hapticsEnabled: false,
      reduceMotion: true, chatUIStyle: .centered, selectedModel: "openai/gpt-4o-mini",
      selectedPersonaID: "general")
    #expect(await harness.repository.current == expected)
    #expect(settings.settings == expected)
    #expect(await harness.repository.saveCount == 7)
  }

  @Test func aFailedSaveKeepsANewerChangeOfTheSameSetting() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel()
    await harness.repository.holdSaves()
    await harness.repository.failNextSave(with: StorageError.diskFull)
    let first = Task { await settings.modelSelected(.gpt4oMini) }
    #expect(await eventually { await harness.repository.waitingCount == 1 })
    let second = Task { await settings.modelSelected("llama3.2") }
    await Task.megaYield()
    #expect(settings.selectedModel == "llama3.2", "the newest choice shows while saves wait")
    await harness.repository.release()
    await first.value
    #expect(settings.selectedModel == "llama3.2", "the failure did not undo the newer choice")
    await harness.repository.release()
    await second.value
    #expect(settings.selectedModel == "llama3.2")
    #expect(await harness.repository.current.selectedModel == "llama3.2")
    #expect(settings.error == .storage(.diskFull))
    await harness.repository.verifyAllUsed()
  }

  @Test func aChangeMadeWhileLoadingIsKept() async {
    let harness = SettingsHarness(stored: SettingsDTO(theme: .dark))
    let settings = harness.makeViewModel()
    async let load: Void = settings.load()
    async let change: Void = settings.hapticsToggled(false)
    _ = await (load, change)
    #expect(!settings.hapticsEnabled)
    #expect(settings.theme == .dark)
    #expect(await harness.repository.current == SettingsDTO(theme: .dark, hapticsEnabled: false))
  }

  @Test func versionAndLegalLinksComeFromTheBrand() async {
    let harness = SettingsHarness()
    let settings = SettingsViewModel(
      repository: harness.repository, themeManager: harness.themeManager,
      subscription: SubscriptionStatusSource(harness.payments),
      account: SettingsHarness.unexpectedAccountActions,
      models: ModelChoices(
        options: [ModelOption(id: "echo", displayName: "Echo")], defaultID: "echo"),
      personas: [],
      brand: BrandConfig(
        privacyPolicyURLString: "https://kiln.dev/privacy",
        termsOfServiceURLString: "https://YOUR-DOMAIN.com/terms",
        subscriptionTermsURLString: "http://kiln.dev/subscription-terms",
        supportEmail: "help@kiln.dev"),
      appVersion: "2.1.0", appBuild: "45", onRequireSubscription: {})
    #expect(settings.legalLinks.map(\.kind) == [.privacyPolicy], "placeholders and http are out")
    #expect(settings.legalLinks.first?.url.absoluteString == "https://kiln.dev/privacy")
    #expect(L10n.withLanguage(.english) { settings.legalLinks.map(\.title) } == ["Privacy Policy"])
    #expect(settings.supportEmailURL?.absoluteString == "mailto:help@kiln.dev")
    #expect(L10n.withLanguage(.english) { settings.versionText } == "Version 2.1.0 (45)")
  }
}
