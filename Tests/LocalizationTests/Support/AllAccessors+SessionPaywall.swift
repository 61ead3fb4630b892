import Localization

extension AllAccessors {
  static let sessionPaywall: [Accessor] = [
    ("Session.plansLoading", { L10n.Session.Paywall.plansLoading }),
    ("Session.upgradeTriesAgain", { L10n.Session.Paywall.upgradeTriesAgain }),
    ("Session.noPlanNumber", { L10n.Session.Paywall.noPlanNumber(2, 2) }),
    ("Session.proBought", { L10n.Session.Paywall.proBought }),
    ("Session.purchaseCancelled", { L10n.Session.Paywall.purchaseCancelled }),
    ("Session.proPitch", { L10n.Session.Paywall.proPitch }),
    ("Session.upgradeHowTo", { L10n.Session.Paywall.upgradeHowTo }),
    ("Session.planNamed", { L10n.Session.Paywall.planNamed("x") }),
    ("Session.lifetime", { L10n.Session.Paywall.lifetime }),
    ("Session.freeTrial", { L10n.Session.Paywall.freeTrial }),
  ]
}
