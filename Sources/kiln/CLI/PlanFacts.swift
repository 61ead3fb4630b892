import AI
import FeatureChat
import Localization

/// What the plan means, in one place, for `kiln config`, `kiln subscription`, `/settings`
/// and `/usage`: with the user's own provider no Kiln limit or plan applies; through Kiln's
/// proxy (or the echo model) the free allowance does until a subscription lifts it.
enum PlanFacts {
  /// Whether requests go to the user's own provider, which no Kiln plan limits.
  static func isOwnProvider(_ provider: AIConfiguration.Provider) -> Bool {
    if case .direct = provider { return true }
    return false
  }

  /// The free allowance in words: "10 in total", "10 per day", or no Kiln limit.
  static func freeMessages(_ policy: FreeTierPolicy, ownProvider: Bool) -> String {
    guard !ownProvider else { return L10n.Terminal.Commands.noKilnLimit }
    return policy.period == .daily
      ? L10n.Terminal.Commands.freePerDay(policy.limit)
      : L10n.Terminal.Commands.freeInTotal(policy.limit)
  }

  /// Why no cap applies when the free tier reports none.
  static func unlimitedReason(ownProvider: Bool) -> String {
    ownProvider ? L10n.Terminal.Commands.ownProvider : "Kiln Pro"
  }

  /// `kiln subscription`'s sentence for a user who is not subscribed.
  static func notSubscribed(ownProvider: Bool) -> String {
    ownProvider
      ? L10n.Terminal.Commands.noPlanNeeded
      : L10n.Terminal.Commands.freePlanUpgrade
  }
}
