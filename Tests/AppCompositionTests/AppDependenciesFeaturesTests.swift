import AppComposition
import Core
import FeatureChat
import FeatureSettings
import Foundation
import Payments
import Storage
import TestSupport
import Testing

/// The view-model factories: each model is built over the app's own services, so what it
/// does shows in the rest of the app (the theme manager, the settings table, the free tier,
/// the rating engine).
@MainActor
@Suite struct AppDependenciesFeaturesTests {
  @Test func theSettingsModelOffersTheAppsModelsAndPersonasAndSavesThroughItsRepository()
    async throws
  {
    let dependencies = AppDependencies.preview()
    var paywallRequests = 0
    let settings = dependencies.makeSettingsViewModel { paywallRequests += 1 }
    await settings.load()
    #expect(settings.modelOptions.map(\.id) == dependencies.ai.catalogue.models.map(\.id.rawValue))
    #expect(
      settings.modelOptions.map(\.displayName)
        == dependencies.ai.catalogue.models.map(\.displayName))
    #expect(settings.defaultModel == dependencies.ai.catalogue.defaultModel?.rawValue)
    #expect(settings.personaOptions.map(\.id) == PersonaCatalogue.all.map(\.id.rawValue))
    #expect(settings.personaOptions.first?.name == PersonaCatalogue.defaultPersona.displayName)
    #expect(settings.versionText?.contains(KilnVersion.current) == true)

    await settings.themeSelected(.dark)
    await settings.hapticsToggled(false)
    await settings.personaSelected("translator")
    #expect(dependencies.themeManager.selected == .dark)
    let saved = try await dependencies.settings.load()
    #expect(saved.theme == .dark)
    #expect(!saved.hapticsEnabled)
    #expect(saved.selectedPersonaID == "translator")

    await settings.themeSelected(.aurora)
    #expect(paywallRequests == 1, "a premium theme without a subscription asks for the paywall")
    #expect(dependencies.themeManager.selected == .dark)
  }

  @Test func aPurchaseThroughThePaywallLiftsTheFreeTierAndCountsForTheRatingPrompt()
    async throws
  {
    let clock = ManualClock()
    let dependencies = AppDependencies.preview(clock: clock.appClock)
    await dependencies.freeTier.refresh()
    #expect(dependencies.freeTier.remaining == 10)

    let paywall = dependencies.makePaywallViewModel()
    await paywall.load()
    guard case .plans(let plans) = paywall.content else {
      Issue.record("plans expected, got \(paywall.content)")
      return
    }
    #expect(plans.map(\.id) == PaymentsOffering.samples.map(\.id))
    paywall.planSelected(.monthlySubscription)
    await paywall.upgradeButtonTapped()
    #expect(paywall.successMessage != nil)
    await dependencies.finishPendingWork()
    #expect(await dependencies.rating.currentScore() == 3)
    #expect(dependencies.freeTier.status == .unlimited)

    let settings = dependencies.makeSettingsViewModel {}
    await settings.load()
    await settings.themeSelected(.obsidian)
    #expect(dependencies.themeManager.selected == .obsidian, "the same payments client")
  }

  @Test func theAccountModelSignsInThroughTheAppsAuthClient() async throws {
    let dependencies = AppDependencies.preview()
    let account = dependencies.makeAccountViewModel()
    await account.load()
    #expect(account.user == nil)
    account.email = "ana@example.com"
    account.password = "correct horse"
    await account.submitButtonTapped()
    #expect(account.user != nil)
    #expect(await dependencies.auth.currentUser() != nil)
  }
}
