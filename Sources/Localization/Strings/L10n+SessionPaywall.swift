extension L10n.Session {
  /// "The plans are still loading; /upgrade shows them.".
  package static var plansLoading: String { text(.plansLoading) }
  /// "/upgrade tries again.".
  package static var upgradeTriesAgain: String { text(.upgradeTriesAgain) }
  /// "There is no plan %lld (1–%lld); /upgrade lists them.".
  package static func noPlanNumber(_ number: Int, _ count: Int) -> String {
    Self.text(.noPlanNumber, [.integer(number), .integer(count)])
  }
  /// "Kiln Pro: unlimited messages and every theme. /whoami shows the plan.".
  package static var proBought: String { text(.proBought) }
  /// "Purchase cancelled.".
  package static var purchaseCancelled: String { text(.purchaseCancelled) }
  /// "Kiln Pro: unlimited messages and the Aurora and Obsidian themes.".
  package static var proPitch: String { text(.proPitch) }
  /// "/upgrade N buys plan N; /restore finds an earlier purchase.".
  package static var upgradeHowTo: String { text(.upgradeHowTo) }
  /// "Plan: %@".
  package static func planNamed(_ product: String) -> String {
    Self.text(.planNamed, [.text(product)])
  }
  /// "lifetime".
  package static var lifetime: String { text(.lifetime) }
  /// "free trial".
  package static var freeTrial: String { text(.freeTrial) }
}
