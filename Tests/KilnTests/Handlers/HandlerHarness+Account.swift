import AppComposition
import Core
import FeatureChat
import Payments
import Testing

@testable import kiln

/// The parts the settings, paywall and account handlers share, made from the view-model
/// factories of in-memory dependencies (no session, no other handler).
extension HandlerHarness {
  func screen(_ dependencies: AppDependencies) -> SettingsScreen {
    SettingsScreen(
      console: console, themeManager: dependencies.themeManager,
      makeModel: { dependencies.makeSettingsViewModel(onRequireSubscription: $0) })
  }

  func plan(_ dependencies: AppDependencies) -> PlanReport {
    PlanReport(console: console, payments: dependencies.payments, freeTier: dependencies.freeTier)
  }

  func paywall(
    _ dependencies: AppDependencies, refreshes: RefreshCount = RefreshCount()
  ) -> PaywallHandler {
    PaywallHandler(
      console: console, plan: plan(dependencies),
      makePaywall: { dependencies.makePaywallViewModel(placement: $0) },
      subscriptionMayHaveChanged: { refreshes.count += 1 })
  }
}

/// How often a handler said the subscription may have changed.
@MainActor
final class RefreshCount {
  var count = 0
}

/// The preview dependencies' payments double, which the tests script.
@MainActor
func mockPayments(_ dependencies: AppDependencies) throws -> MockPaymentsClient {
  try #require(dependencies.payments as? MockPaymentsClient)
}
