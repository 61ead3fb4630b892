import AI
import FeatureChat

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
    guard !ownProvider else { return "no Kiln limit (your own provider)" }
    return "\(policy.limit) \(policy.period == .daily ? "per day" : "in total")"
  }

  /// Why no cap applies when the free tier reports none.
  static func unlimitedReason(ownProvider: Bool) -> String {
    ownProvider ? "your own provider" : "Kiln Pro"
  }

  /// `kiln subscription`'s sentence for a user who is not subscribed.
  static func notSubscribed(ownProvider: Bool) -> String {
    ownProvider
      ? "No Kiln plan is needed: your own provider has no Kiln limit."
      : "Free plan. Upgrade with /upgrade in the chat."
  }
}
