import Core
import FeatureSettings
import Foundation
import Payments
import Storage
import TestSupport
import Testing

/// Everything a `SettingsViewModel` needs, with real in-memory parts: a settings repository
/// with scripted failures, a `ThemeManager` over an in-memory store and `MockPaymentsClient`
/// on a manual clock. Account actions fail the test unless a test passes its own.
@MainActor
final class SettingsHarness {
  let clock = ManualClock()
  let repository: ScriptedSettingsRepository
  let themeStore: InMemoryKeyValueStore
  let themeManager: ThemeManager
  let payments: MockPaymentsClient
  /// How many times the settings model asked for the paywall.
  private(set) var paywallRequests = 0

  static let personas = [
    PersonaOption(id: "general", name: "General Assistant"),
    PersonaOption(id: "swift-expert", name: "Swift Expert"),
  ]

  init(
    stored: SettingsDTO? = nil, subscription: PaymentsState = .free,
    themeStore: InMemoryKeyValueStore = InMemoryKeyValueStore()
  ) {
    repository = ScriptedSettingsRepository(stored)
    self.themeStore = themeStore
    themeManager = ThemeManager(store: themeStore)
    payments = MockPaymentsClient(clock: clock.appClock, initialState: subscription)
  }

  /// A subscription that lasts a day from the clock's now.
  static func subscribed(at now: Date) -> PaymentsState {
    PaymentsState(
      isSubscribed: true, activeEntitlementIDs: ["pro"],
      expirationDate: now.addingTimeInterval(86_400), productID: .monthlySubscription,
      willRenew: true)
  }

  /// Account actions that record an issue when used: most settings tests never sign out.
  static let unexpectedAccountActions = AccountActions(
    signOut: { Issue.record("signOut was not expected") },
    deleteAccount: { Issue.record("deleteAccount was not expected") })

  /// A settings model over these parts.
  func makeViewModel(account: AccountActions? = nil) -> SettingsViewModel {
    SettingsViewModel(
      repository: repository,
      themeManager: themeManager,
      subscription: SubscriptionStatusSource(payments),
      account: account ?? Self.unexpectedAccountActions,
      models: .defaults,
      personas: Self.personas,
      onRequireSubscription: { [weak self] in self?.paywallRequests += 1 })
  }

  /// A settings model that has loaded.
  func makeLoadedViewModel(account: AccountActions? = nil) async -> SettingsViewModel {
    let settings = makeViewModel(account: account)
    await settings.load()
    return settings
  }
}

extension ModelChoices {
  /// The two models the tests pick between, the first being the default (the AI catalogue's
  /// defaults, as plain values).
  static let defaults = ModelChoices(
    options: [
      ModelOption(id: "openai/gpt-3.5-turbo", displayName: "GPT-3.5 Turbo"),
      ModelOption(id: "openai/gpt-4o-mini", displayName: "GPT-4o mini"),
    ],
    defaultID: "openai/gpt-3.5-turbo")
}

extension String {
  /// The tests' second model.
  static let gpt4oMini = "openai/gpt-4o-mini"
  /// The tests' default model.
  static let gpt35Turbo = "openai/gpt-3.5-turbo"
}
