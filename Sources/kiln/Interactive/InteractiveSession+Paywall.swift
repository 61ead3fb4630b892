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
extension InteractiveSession {
  func upgrade(_ number: Int?) async {
    let placement: PaywallPlacement? =
      dependencies.freeTier.remaining == 0 ? .messageLimitReached : nil
    let paywall = dependencies.makePaywallViewModel(placement: placement)
    await paywall.load()
    switch paywall.content {
    case .loading:
      hint("The plans are still loading; /upgrade shows them.")
    case .alreadySubscribed(let state):
      showSubscribed(state, manageURL: paywall.manageSubscriptionURL)
    case .unavailable(let message):
      problem(message)
      hint("/upgrade tries again.")
    case .plans(let plans):
      guard let number else {
        showPlans(plans)
        return
      }
      guard plans.indices.contains(number - 1) else {
        problem("There is no plan \(number) (1–\(plans.count)); /upgrade lists them.")
        return
      }
      await buy(plans[number - 1], on: paywall)
    }
  }

  func restorePurchases() async {
    let paywall = dependencies.makePaywallViewModel()
    await paywall.restoreButtonTapped()
    await subscriptionMayHaveChanged()
    if let success = paywall.successMessage {
      done(success)
      await showPlan()
    } else {
      reportPaywallFailure(paywall, doing: "restore purchases")
    }
  }

  private func buy(_ plan: PaywallPlan, on paywall: PaywallViewModel) async {
    paywall.planSelected(plan.id)
    await paywall.upgradeButtonTapped()
    await subscriptionMayHaveChanged()
    if let success = paywall.successMessage {
      done(success)
      hint("Kiln Pro: unlimited messages and every theme. /whoami shows the plan.")
    } else if paywall.errorMessage != nil {
      reportPaywallFailure(paywall, doing: "buy the plan")
    } else {
      hint("Purchase cancelled.")
    }
  }

  private func reportPaywallFailure(_ paywall: PaywallViewModel, doing action: String) {
    guard case .failed(let failure) = paywall.purchaseState else { return }
    if case .error(let error) = failure {
      problem(error, doing: action)
    } else {
      problem(failure.message)
    }
    paywall.messageDismissed()
  }

  /// The plans as cards: number, name, price, savings, "Best Value", trial, summary.
  private func showPlans(_ plans: [PaywallPlan]) {
    say(L10n.Payments.paywallTitle, theme.heading)
    say("Kiln Pro: unlimited messages and the Aurora and Obsidian themes.", theme.dim)
    for (index, plan) in plans.enumerated() {
      var line = StyledText(plan.title, style: .plain.adding(.bold))
      line.append("  \(plan.priceText)")
      if let savings = plan.savingsText { line.append("  \(savings)", style: theme.success) }
      if plan.isBestValue { line.append("  \(L10n.Payments.bestValue)", style: theme.accent) }
      if let trial = plan.freeTrialText { line.append("  \(trial)", style: theme.success) }
      if let summary = plan.offering.summary { line.append("  \(summary)", style: theme.dim) }
      say(numbered(index + 1, line), cut: true)
    }
    hint("/upgrade N buys plan N; /restore finds an earlier purchase.")
    hint(L10n.Payments.autoRenewNotice)
  }

  /// The "Already Subscribed" state: what is active and until when.
  private func showSubscribed(_ state: PaymentsState, manageURL: URL?) {
    done("\(L10n.Payments.alreadySubscribed): \(L10n.Payments.proActiveMessage)")
    var details: [String] = []
    if let product = state.productID { details.append("Plan: \(product.rawValue)") }
    if let expiry = state.expirationDate {
      let date = Row.date(expiry)
      details.append(
        state.willRenew ? L10n.Payments.renewsOn(date) : L10n.Payments.expiresOn(date))
    } else {
      details.append("lifetime")
    }
    if state.isTrial { details.append("free trial") }
    say(details.joined(separator: " · "))
    if let manageURL { hint("\(L10n.Payments.manageSubscription): \(manageURL.absoluteString)") }
  }
}
