import Core
import FeatureSettings
import Foundation
import Localization
import Payments
import TerminalUI

/// `/upgrade` and `/restore`: the paywall in the terminal, driven by the same
/// `PaywallViewModel`. Each command opens the paywall afresh (as a sheet would), so it
/// shows the subscription as it is now and tries loading the plans again after a failure.
/// Once the free messages have run out it opens at the `message_limit_reached` placement, so
/// RevenueCat can sell a different offering there; `/upgrade N` numbers the same list.
@MainActor
final class PaywallHandler: SlashCommandHandler {
  private let console: SessionConsole
  private let plan: PlanReport
  private let makePaywall: (PaywallPlacement?) -> PaywallViewModel
  private let subscriptionMayHaveChanged: @MainActor () async -> Void

  /// A paywall that `makePaywall` opens at a placement; `subscriptionMayHaveChanged` runs
  /// after every purchase or restore.
  init(
    console: SessionConsole, plan: PlanReport,
    makePaywall: @escaping (PaywallPlacement?) -> PaywallViewModel,
    subscriptionMayHaveChanged: @escaping @MainActor () async -> Void
  ) {
    self.console = console
    self.plan = plan
    self.makePaywall = makePaywall
    self.subscriptionMayHaveChanged = subscriptionMayHaveChanged
  }

  func run(_ command: SlashCommand) async -> Bool {
    switch command {
    case .upgrade(let number): await upgrade(number)
    case .restore: await restorePurchases()
    default: return false
    }
    return true
  }

  func upgrade(_ number: Int?) async {
    let placement: PaywallPlacement? =
      plan.freeTier.remaining == 0 ? .messageLimitReached : nil
    let paywall = makePaywall(placement)
    await paywall.load()
    switch paywall.content {
    case .loading:
      console.hint(L10n.Session.Paywall.plansLoading)
    case .alreadySubscribed(let state):
      showSubscribed(state, manageURL: paywall.manageSubscriptionURL)
    case .unavailable(let message):
      console.problem(message)
      console.hint(L10n.Session.Paywall.upgradeTriesAgain)
    case .plans(let plans):
      guard let number else {
        showPlans(plans)
        return
      }
      guard plans.indices.contains(number - 1) else {
        console.problem(L10n.Session.Paywall.noPlanNumber(number, plans.count))
        return
      }
      await buy(plans[number - 1], on: paywall)
    }
  }

  private func restorePurchases() async {
    let paywall = makePaywall(nil)
    await paywall.restoreButtonTapped()
    await subscriptionMayHaveChanged()
    if let success = paywall.successMessage {
      console.done(success)
      await plan.show()
    } else {
      reportPaywallFailure(paywall, doing: L10n.Session.Actions.doRestore)
    }
  }

  private func buy(_ plan: PaywallPlan, on paywall: PaywallViewModel) async {
    paywall.planSelected(plan.id)
    await paywall.upgradeButtonTapped()
    await subscriptionMayHaveChanged()
    if let success = paywall.successMessage {
      console.done(success)
      console.hint(L10n.Session.Paywall.proBought)
    } else if paywall.errorMessage != nil {
      reportPaywallFailure(paywall, doing: L10n.Session.Actions.doBuyPlan)
    } else {
      console.hint(L10n.Session.Paywall.purchaseCancelled)
    }
  }

  private func reportPaywallFailure(_ paywall: PaywallViewModel, doing action: String) {
    guard case .failed(let failure) = paywall.purchaseState else { return }
    if case .error(let error) = failure {
      console.problem(error, doing: action)
    } else {
      console.problem(failure.message)
    }
    paywall.messageDismissed()
  }

  /// The plans as cards: number, name, price, savings, "Best Value", trial, summary.
  private func showPlans(_ plans: [PaywallPlan]) {
    console.say(L10n.Payments.paywallTitle, console.theme.heading)
    console.say(
      L10n.Session.Paywall.proPitch, console.theme.dim)
    for (index, plan) in plans.enumerated() {
      var line = StyledText(plan.title, style: .plain.adding(.bold))
      line.append("  \(plan.priceText)")
      if let savings = plan.savingsText {
        line.append("  \(savings)", style: console.theme.success)
      }
      if plan.isBestValue {
        line.append("  \(L10n.Payments.bestValue)", style: console.theme.accent)
      }
      if let trial = plan.freeTrialText { line.append("  \(trial)", style: console.theme.success) }
      if let summary = plan.offering.summary {
        line.append("  \(summary)", style: console.theme.dim)
      }
      console.say(console.numbered(index + 1, line), cut: true)
    }
    console.hint(L10n.Session.Paywall.upgradeHowTo)
    console.hint(L10n.Payments.autoRenewNotice)
  }

  /// The "Already Subscribed" state: what is active and until when.
  private func showSubscribed(_ state: PaymentsState, manageURL: URL?) {
    console.done("\(L10n.Payments.alreadySubscribed): \(L10n.Payments.proActiveMessage)")
    var details: [String] = []
    if let product = state.productID {
      details.append(L10n.Session.Paywall.planNamed(product.rawValue))
    }
    if let expiry = state.expirationDate {
      let date = Row.date(expiry)
      details.append(
        state.willRenew ? L10n.Payments.renewsOn(date) : L10n.Payments.expiresOn(date))
    } else {
      details.append(L10n.Session.Paywall.lifetime)
    }
    if state.isTrial { details.append(L10n.Session.Paywall.freeTrial) }
    console.say(details.joined(separator: " · "))
    if let manageURL {
      console.hint("\(L10n.Payments.manageSubscription): \(manageURL.absoluteString)")
    }
  }
}
