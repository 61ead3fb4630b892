import AppComposition
import Core
import FeatureChat
import Foundation
import Localization
import Payments
import TestSupport
import Testing

@testable import kiln

/// `/upgrade` and `/restore` through the paywall view model, over the mock payments client.
@MainActor
@Suite struct InteractivePaywallTests {
  private func mock(_ dependencies: AppDependencies) throws -> MockPaymentsClient {
    try #require(dependencies.payments as? MockPaymentsClient)
  }

  @Test func upgradeListsThePlansWithPriceSavingsAndBestValue() async throws {
    let io = ScriptedSessionIO(["/upgrade"])
    let (session, dependencies) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.output.hasPrefix("\(L10n.Payments.paywallTitle)\nKiln Pro: unlimited messages"))
    #expect(io.output.contains("  1  Monthly  $9.99 per month  Full access, billed every month\n"))
    #expect(
      io.output.contains(
        "  2  Annual  $79.99 per year  Save 33%  Best Value  Full access, billed once a year\n"))
    #expect(io.output.contains("/upgrade N buys plan N"))
    #expect(io.output.contains(L10n.Payments.autoRenewNotice))
    #expect(await dependencies.payments.currentState() == .free, "looking buys nothing")
  }

  @Test func aFreeTrialIsNamedOnItsPlan() async throws {
    let io = ScriptedSessionIO(["/upgrade"])
    let (session, dependencies) = makeSession(io)
    let trial = PaymentsOffering(
      id: "weekly_trial", title: "Weekly", price: 2.99, currencyCode: "USD", priceText: "$2.99",
      period: .weekly,
      introductoryOffer: IntroductoryOffer(
        paymentMode: .freeTrial, price: 0, priceText: "$0.00", period: "P1W"))
    try await mock(dependencies).setOfferings([trial])
    _ = await session.run(opening: nil)
    #expect(io.output.contains("  1  Weekly  $2.99  7-day free trial"))
  }

  @Test func upgradeNBuysThatPlanAndTheStatusLineSaysKilnPro() async throws {
    let clock = ManualClock()
    let dependencies = AppDependencies.preview(clock: clock.appClock, uuid: .incrementing())
    let io = ScriptedSessionIO(["/upgrade 2", "/upgrade", "hello pro"], isTerminal: true)
    _ = await makeSession(io, over: dependencies).run(opening: nil)
    #expect(io.output.contains(L10n.Payments.purchaseSucceeded))
    #expect(try await mock(dependencies).purchasedProductIDs == [.annualSubscription])
    let state = await dependencies.payments.currentState()
    #expect(state.isSubscribed)
    #expect(io.output.contains("\(L10n.Payments.alreadySubscribed): "))
    #expect(io.output.contains("Plan: annual_subscription · Renews on "))
    let status = io.output.split(separator: "\n").first { $0.hasPrefix("hello pro · echo") }
    #expect(status?.hasSuffix(" tokens · Kiln Pro") == true, "\(status ?? "no status line")")
    #expect(!io.output.contains("9 messages remaining"), "a subscriber is not counted")
    await dependencies.finishPendingWork()
    // The purchase weighs 3 and the good reply after it 1; the manual clock adds no decay.
    #expect(await dependencies.rating.currentScore() == 4)
  }

  @Test func theStatusLineOfAFreeUserCountsMessagesInsteadOfNamingAPlan() async throws {
    let io = ScriptedSessionIO(["hello free"], isTerminal: true)
    let (session, _) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.output.contains("hello free · echo · General Assistant · 9 messages remaining"))
    #expect(!io.output.contains("Kiln Pro\n"))
  }

  @Test func aFailedCancelledOrMistakenPurchaseSaysSoAndBuysNothing() async throws {
    let io = ScriptedSessionIO(["/upgrade 3", "/upgrade 1", "/upgrade 1"])
    let (session, dependencies) = makeSession(io)
    let payments = try mock(dependencies)
    await payments.failNextPurchase(with: .paymentPending)
    await payments.simulateUserCancellingNextPurchase()
    _ = await session.run(opening: nil)
    #expect(io.errors.contains("There is no plan 3 (1–2); /upgrade lists them."))
    #expect(io.errors.contains("Could not buy the plan: Your purchase is waiting for approval."))
    #expect(io.output.contains("Purchase cancelled."))
    #expect(!io.output.contains(L10n.Payments.purchaseSucceeded))
    #expect(await payments.purchasedProductIDs.isEmpty)
    #expect(await dependencies.rating.currentScore() == 0)
  }

  @Test func plansThatCannotLoadSayWhyAndTheNextUpgradeTriesAgain() async throws {
    let io = ScriptedSessionIO(["/upgrade", "/upgrade"])
    let (session, dependencies) = makeSession(io)
    let offline = AppError.network(code: -1009, message: nil)
    try await mock(dependencies).failNextOfferingsLoad(with: .network(offline))
    _ = await session.run(opening: nil)
    #expect(io.errors.contains(offline.localizedUserMessage))
    #expect(io.output.contains("/upgrade tries again."))
    #expect(io.output.contains("Monthly  $9.99 per month"), "the second try shows the plans")
  }

  @Test func onceTheFreeMessagesRunOutUpgradeShowsTheMessageLimitOffering() async throws {
    let io = ScriptedSessionIO(["/upgrade", "hello", "/upgrade", "/upgrade 1"])
    let (session, dependencies) = makeSession(io, configuration: ["KILN_FREE_MESSAGE_LIMIT": "1"])
    let limitOffer = PaymentsOffering(
      id: "yearly_limit_offer", packageID: .annual, title: "Annual", price: nil, period: .annual)
    let payments = try mock(dependencies)
    await payments.setOfferings([limitOffer], for: .messageLimitReached)
    _ = await session.run(opening: nil)
    let paywalls = io.output.components(separatedBy: L10n.Payments.paywallTitle).dropFirst()
    #expect(paywalls.count == 2)
    #expect(paywalls.first?.contains("  1  Monthly  $9.99 per month") == true, "quota left")
    let afterTheLimit = try #require(paywalls.last)
    #expect(afterTheLimit.contains("  1  Annual  price shown at purchase\n"), "\(afterTheLimit)")
    #expect(!afterTheLimit.contains("Monthly"))
    #expect(await payments.purchasedProductIDs == ["yearly_limit_offer"], "/upgrade 1 numbers it")
  }

  @Test func theSuggestedUpgradeTypedAfterAPutBackMessageRunsAndKeepsTheMessage() async throws {
    // A terminal puts the blocked message back at the prompt, so typing "/upgrade" there
    // reads as "second/upgrade"; the script gives that line as the editor would.
    let io = ScriptedSessionIO(["first", "second", "second/upgrade"], isTerminal: true)
    let (session, _) = makeSession(io, configuration: ["KILN_FREE_MESSAGE_LIMIT": "1"])
    _ = await session.run(opening: nil)
    #expect(io.prefills.count == 4)
    #expect(io.prefills[2] == "second", "the blocked message is put back")
    #expect(io.prefills[3] == "second", "and offered again after the command")
    let afterCommand = try #require(io.output.components(separatedBy: "second/upgrade").last)
    #expect(afterCommand.contains(L10n.Payments.paywallTitle), "\(io.output)")
    #expect(!io.output.contains("second/upgrade ·"), "never sent as a message")
  }

  @Test func restoreWithNothingToRestoreSaysSo() async throws {
    let io = ScriptedSessionIO(["/restore"])
    let (session, dependencies) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.errors.contains("No active subscription found to restore."))
    #expect(await dependencies.payments.currentState().isSubscribed == false)
  }

  @Test func restoreFindsAPurchaseMadeElsewhere() async throws {
    let io = ScriptedSessionIO(["/restore", "/whoami"])
    let (session, dependencies) = makeSession(io)
    let clock = dependencies.clock
    try await mock(dependencies).setRestorableState(
      PaymentsState(
        isSubscribed: true, activeEntitlementIDs: [.pro],
        expirationDate: clock.now().addingTimeInterval(86_400 * 10),
        productID: .monthlySubscription, willRenew: true))
    _ = await session.run(opening: nil)
    #expect(io.output.contains(L10n.Payments.restoreSucceeded))
    #expect(io.output.contains("Plan: Kiln Pro, renews "))
    #expect(dependencies.freeTier.status == .unlimited)
  }

  @Test func aRestoreThatCannotCheckIsNotMistakenForNothingToRestore() async throws {
    let io = ScriptedSessionIO(["/restore"])
    let (session, dependencies) = makeSession(io)
    try await mock(dependencies).failNextRestore(
      with: .network(AppError.network(code: -1009, message: nil)))
    _ = await session.run(opening: nil)
    #expect(io.errors.contains("Could not restore purchases: "))
    #expect(!io.errors.contains("No active subscription found"))
  }
}
