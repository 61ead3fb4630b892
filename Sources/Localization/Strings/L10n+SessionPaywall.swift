extension L10n.Session {
  /// The paywall strings of `L10n.Session`.
  package enum Paywall {
    /// "The plans are still loading; /upgrade shows them.".
    package static var plansLoading: String { L10n.Session.text(.plansLoading) }
    /// "/upgrade tries again.".
    package static var upgradeTriesAgain: String { L10n.Session.text(.upgradeTriesAgain) }
    /// "There is no plan %lld (1–%lld); /upgrade lists them.".
    package static func noPlanNumber(_ number: Int, _ count: Int) -> String {
      L10n.Session.text(.noPlanNumber, [.integer(number), .integer(count)])
    }
    /// "Kiln Pro: unlimited messages and every theme. /whoami shows the plan.".
    package static var proBought: String { L10n.Session.text(.proBought) }
    /// "Purchase cancelled.".
    package static var purchaseCancelled: String { L10n.Session.text(.purchaseCancelled) }
    /// "Kiln Pro: unlimited messages and the Aurora and Obsidian themes.".
    package static var proPitch: String { L10n.Session.text(.proPitch) }
    /// "/upgrade N buys plan N; /restore finds an earlier purchase.".
    package static var upgradeHowTo: String { L10n.Session.text(.upgradeHowTo) }
    /// "Plan: %@".
    package static func planNamed(_ product: String) -> String {
      L10n.Session.text(.planNamed, [.text(product)])
    }
    /// "lifetime".
    package static var lifetime: String { L10n.Session.text(.lifetime) }
    /// "free trial".
    package static var freeTrial: String { L10n.Session.text(.freeTrial) }
  }
}
