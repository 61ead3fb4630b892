import Core
import FeatureChat
import Localization
import Payments

/// The plan as `/whoami`, `/settings` and the welcome show it: Kiln Pro with its renewal,
/// the free messages left, or the user's own provider.
@MainActor
struct PlanReport {
  let console: SessionConsole
  let payments: any PaymentsClient
  let freeTier: FreeTierGate

  /// "Kiln Pro" while the subscription lifts the free tier's cap; `nil` on the free plan and
  /// with the user's own provider (which no plan limits). The free tier asks the payments
  /// client before every message, so this is never staler than the last message.
  var planName: String? {
    freeTier.provider.isMetered && freeTier.status == .unlimited ? "Kiln Pro" : nil
  }

  /// One line: the plan, as the payments client and the free tier know it now.
  func show() async {
    let state = await payments.currentState()
    await freeTier.refresh()
    if state.isSubscribed {
      var line = L10n.Session.Welcome.planPro
      if let expiry = state.expirationDate {
        let date = Row.date(expiry)
        line +=
          state.willRenew
          ? L10n.Session.Welcome.planRenews(date) : L10n.Session.Welcome.planEnds(date)
      }
      console.say(line + ".")
    } else if let left = freeTier.remaining {
      console.say(L10n.Session.Welcome.planFreeLeft(left, freeTier.policy.limit))
    } else {
      console.say(L10n.Session.Welcome.planFreeOwnProvider)
    }
  }
}
