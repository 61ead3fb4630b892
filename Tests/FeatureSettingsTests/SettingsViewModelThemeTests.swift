import Core
import FeatureSettings
import Localization
import Payments
import Storage
import TestSupport
import Testing

/// Themes: applied through the ThemeManager and saved; premium themes gated on both sides.
@MainActor @Suite struct SettingsViewModelThemeTests {
  @Test(arguments: [Theme.light, .dark, .system])
  func aFreeThemeIsAppliedSavedAndSurvivesANewModel(theme: Theme) async {
    let harness = SettingsHarness(stored: SettingsDTO(theme: theme == .system ? .dark : .system))
    let settings = await harness.makeLoadedViewModel()
    await settings.themeSelected(theme)
    #expect(settings.theme == theme)
    #expect(harness.themeManager.selected == theme)
    #expect(await harness.repository.current.theme == theme)
    #expect(harness.paywallRequests == 0)

    let reopened = await harness.makeLoadedViewModel()
    #expect(reopened.theme == theme)
  }

  @Test(arguments: [Theme.aurora, .obsidian])
  func aFreeUserPickingAPremiumThemeGetsThePaywallInstead(theme: Theme) async {
    let harness = SettingsHarness(stored: SettingsDTO(theme: .dark))
    let settings = await harness.makeLoadedViewModel()
    await settings.themeSelected(theme)
    #expect(harness.paywallRequests == 1)
    #expect(settings.theme == .dark)
    #expect(harness.themeManager.selected == .dark)
    #expect(await harness.repository.current.theme == .dark)
    #expect(await harness.repository.saveCount == 0)
  }

  @Test(arguments: [Theme.aurora, .obsidian])
  func aSubscriberPickingAPremiumThemeGetsIt(theme: Theme) async {
    let harness = SettingsHarness(
      subscription: SettingsHarness.subscribed(at: Fixture.referenceDate))
    let settings = await harness.makeLoadedViewModel()
    #expect(settings.isSubscribed)
    await settings.themeSelected(theme)
    #expect(harness.paywallRequests == 0)
    #expect(settings.theme == theme)
    #expect(harness.themeManager.selected == theme)
    #expect(await harness.repository.current.theme == theme)
  }

  @Test func premiumThemesAreLockedOnlyWithoutASubscription() async {
    let free = await SettingsHarness().makeLoadedViewModel()
    #expect(free.themeOptions.map(\.theme) == Theme.allCases)
    #expect(free.themeOptions.filter(\.isLocked).map(\.theme) == [.aurora, .obsidian])
    #expect(free.themeOptions.filter(\.isPremium).map(\.theme) == [.aurora, .obsidian])
    #expect(
      L10n.withLanguage(.english) { free.themeOptions.map(\.name) } == [
        "System", "Light", "Dark", "Aurora", "Obsidian",
      ])

    let pro = await SettingsHarness(
      subscription: SettingsHarness.subscribed(at: Fixture.referenceDate)
    )
    .makeLoadedViewModel()
    #expect(pro.themeOptions.allSatisfy { !$0.isLocked })
  }

  @Test func aLapseWhileUsingAPremiumThemeFallsBackToSystem() async {
    let harness = SettingsHarness(
      stored: SettingsDTO(theme: .obsidian),
      subscription: SettingsHarness.subscribed(at: Fixture.referenceDate))
    let settings = harness.makeViewModel()
    let observer = Task { await settings.observeSubscriptionChanges() }
    defer { observer.cancel() }
    #expect(await eventually { settings.loadState == .loaded })
    #expect(settings.theme == .obsidian)
    #expect(harness.themeManager.selected == .obsidian)

    await harness.payments.setState(.free)
    #expect(await eventually { await harness.repository.current.theme == .system })
    #expect(settings.theme == .system)
    #expect(harness.themeManager.selected == .system)
    #expect(!settings.isSubscribed)
    #expect(harness.paywallRequests == 0, "a lapse does not push the paywall")
  }

  @Test func anExpiryNoticedLaterAlsoFallsBack() async {
    let harness = SettingsHarness(
      stored: SettingsDTO(theme: .aurora),
      subscription: SettingsHarness.subscribed(at: Fixture.referenceDate))
    let settings = harness.makeViewModel()
    let observer = Task { await settings.observeSubscriptionChanges() }
    defer { observer.cancel() }
    #expect(await eventually { settings.theme == .aurora })
    await harness.clock.advance(by: .seconds(86_400))
    #expect(await harness.payments.currentState().isSubscribed, "the last second is still paid")
    await harness.clock.advance(by: .seconds(1))
    #expect(await harness.payments.currentState().isSubscribed == false)
    #expect(await eventually { await harness.repository.current.theme == .system })
    #expect(harness.themeManager.selected == .system)
  }

  @Test func aLapseWithAFreeThemeChangesNothing() async {
    let harness = SettingsHarness(
      stored: SettingsDTO(theme: .dark),
      subscription: SettingsHarness.subscribed(at: Fixture.referenceDate))
    let settings = harness.makeViewModel()
    let observer = Task { await settings.observeSubscriptionChanges() }
    defer { observer.cancel() }
    #expect(await eventually { settings.isSubscribed })
    await harness.payments.setState(.free)
    #expect(await eventually { !settings.isSubscribed })
    #expect(settings.theme == .dark)
    #expect(await harness.repository.saveCount == 0)
  }

  @Test func aPremiumThemeStoredForAFreeUserFallsBackOnLoad() async {
    let themeStore = InMemoryKeyValueStore([ThemeManager.storageKey: "aurora"])
    let harness = SettingsHarness(stored: SettingsDTO(theme: .aurora), themeStore: themeStore)
    #expect(harness.themeManager.selected == .aurora, "the theme manager restored it")
    let settings = await harness.makeLoadedViewModel()
    #expect(settings.theme == .system)
    #expect(harness.themeManager.selected == .system)
    #expect(themeStore.string(forKey: ThemeManager.storageKey) == "system")
    #expect(await harness.repository.current.theme == .system)
  }

  @Test func aPremiumThemeStoredForASubscriberIsAppliedOnLoad() async {
    let harness = SettingsHarness(
      stored: SettingsDTO(theme: .aurora),
      subscription: SettingsHarness.subscribed(at: Fixture.referenceDate))
    let settings = await harness.makeLoadedViewModel()
    #expect(settings.theme == .aurora)
    #expect(harness.themeManager.selected == .aurora)
    #expect(await harness.repository.saveCount == 0)
  }

  @Test func aSubscriptionBoughtWhileOpenUnlocksPremiumThemes() async {
    let harness = SettingsHarness()
    let settings = harness.makeViewModel()
    let observer = Task { await settings.observeSubscriptionChanges() }
    defer { observer.cancel() }
    #expect(await eventually { settings.loadState == .loaded })
    #expect(settings.showsGoPro)
    #expect(L10n.withLanguage(.english) { settings.planName } == "Free plan")
    try? await harness.payments.purchase(productID: .annualSubscription)
    #expect(await eventually { settings.isSubscribed })
    #expect(!settings.showsGoPro)
    #expect(L10n.withLanguage(.english) { settings.planName } == "Pro plan")
    await settings.themeSelected(.aurora)
    #expect(harness.themeManager.selected == .aurora)
    #expect(harness.paywallRequests == 0)
  }

  @Test func goProAsksForThePaywall() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel()
    settings.goProButtonTapped()
    #expect(harness.paywallRequests == 1)
  }

  @Test func aFailedThemeSavePutsTheThemeBack() async {
    let harness = SettingsHarness(stored: SettingsDTO(theme: .light))
    let settings = await harness.makeLoadedViewModel()
    await harness.repository.failNextSave(with: StorageError.readOnly("/data"))
    await settings.themeSelected(.dark)
    #expect(settings.theme == .light)
    #expect(harness.themeManager.selected == .light)
    #expect(settings.error == .storage(.readOnly))
    await harness.repository.verifyAllUsed()
  }

  @Test func beforeLoadingTheRestoredThemeIsLeftAlone() async {
    let themeStore = InMemoryKeyValueStore([ThemeManager.storageKey: "dark"])
    let harness = SettingsHarness(stored: SettingsDTO(theme: .dark), themeStore: themeStore)
    let settings = harness.makeViewModel()
    await settings.hapticsToggled(false)
    #expect(harness.themeManager.selected == .dark)
    await settings.load()
    #expect(harness.themeManager.selected == .dark)
    #expect(await harness.repository.current == SettingsDTO(theme: .dark, hapticsEnabled: false))
  }
}
