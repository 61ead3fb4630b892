import AppComposition
import Core
import Localization
import Payments
import Testing

@testable import kiln

/// `/upgrade` and `/restore` on their own: a console, the plan, a paywall factory and a
/// count of the "subscription may have changed" calls the session would act on.
@MainActor
@Suite struct PaywallHandlerTests {
  @Test func upgradeListsThePlansAndBuysNothing() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    let refreshes = RefreshCount()
    #expect(await harness.paywall(dependencies, refreshes: refreshes).run(.upgrade(nil)))
    #expect(harness.io.output.contains("  1  Monthly  $9.99 per month"))
    #expect(harness.io.output.contains("/upgrade N buys plan N"))
    #expect(await dependencies.payments.currentState() == .free)
    #expect(refreshes.count == 0, "looking changes no subscription")
  }

  @Test func buyingAPlanSubscribesAndSaysTheSubscriptionMayHaveChanged() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    let refreshes = RefreshCount()
    #expect(await harness.paywall(dependencies, refreshes: refreshes).run(.upgrade(2)))
    #expect(harness.io.output.contains(L10n.Payments.purchaseSucceeded))
    #expect(try await mockPayments(dependencies).purchasedProductIDs == [.annualSubscription])
    #expect(refreshes.count == 1)
  }

  @Test func aPlanNumberNotInTheListIsAProblemAndBuysNothing() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    #expect(await harness.paywall(dependencies).run(.upgrade(3)))
    #expect(harness.io.errors.contains("There is no plan 3 (1–2); /upgrade lists them."))
    #expect(try await mockPayments(dependencies).purchasedProductIDs.isEmpty)
  }

  @Test func restoreWithNothingBoughtSaysSoAndStillRefreshes() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    let refreshes = RefreshCount()
    #expect(await harness.paywall(dependencies, refreshes: refreshes).run(.restore))
    #expect(refreshes.count == 1)
    #expect(!harness.io.output.contains("Plan: Kiln Pro"))
  }

  @Test func otherCommandsAreLeftToTheirHandlers() async {
    let harness = HandlerHarness()
    #expect(await harness.paywall(.preview()).run(.whoami) == false)
    #expect(harness.io.output.isEmpty && harness.io.errors.isEmpty)
  }
}
