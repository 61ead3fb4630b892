import Localization

extension AllAccessors {
  static let sessionAccount: [Accessor] = [
    ("Session.signedInAs", { L10n.Session.Account.signedInAs("x") }),
    ("Session.notSignedInLogin", { L10n.Session.Account.notSignedInLogin }),
    ("Session.alreadySignedIn", { L10n.Session.Account.alreadySignedIn("x") }),
    ("Session.emailPrompt", { L10n.Session.Account.emailPrompt }),
    ("Session.passwordPrompt", { L10n.Session.Account.passwordPrompt }),
    ("Session.signInCancelled", { L10n.Session.Account.signInCancelled }),
    ("Session.couldNotSignIn", { L10n.Session.Account.couldNotSignIn }),
    ("Session.notSignedIn", { L10n.Session.Account.notSignedIn }),
    ("Session.signedOut", { L10n.Session.Account.signedOut("x") }),
    ("Session.noAccountToDelete", { L10n.Session.Account.noAccountToDelete }),
    ("Session.cannotDeleteNow", { L10n.Session.Account.cannotDeleteNow }),
    ("Session.typeDeleteToConfirm", { L10n.Session.Account.typeDeleteToConfirm }),
    ("Session.keptAccount", { L10n.Session.Account.keptAccount }),
  ]
}
