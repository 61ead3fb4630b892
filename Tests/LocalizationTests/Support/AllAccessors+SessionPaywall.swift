import Localization

extension AllAccessors {
  static let sessionPaywall: [Accessor] = [
    ("Session.plansLoading", { L10n.Session.plansLoading }),
    ("Session.upgradeTriesAgain", { L10n.Session.upgradeTriesAgain }),
    ("Session.noPlanNumber", { L10n.Session.noPlanNumber(2, 2) }),
    ("Session.proBought", { L10n.Session.proBought }),
    ("Session.purchaseCancelled", { L10n.Session.purchaseCancelled }),
    ("Session.proPitch", { L10n.Session.proPitch }),
    ("Session.upgradeHowTo", { L10n.Session.upgradeHowTo }),
    ("Session.planNamed", { L10n.Session.planNamed("x") }),
    ("Session.lifetime", { L10n.Session.lifetime }),
    ("Session.freeTrial", { L10n.Session.freeTrial }),
  ]
}
