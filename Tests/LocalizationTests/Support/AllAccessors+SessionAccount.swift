import Localization

extension AllAccessors {
  static let sessionAccount: [Accessor] = [
    ("Session.signedInAs", { L10n.Session.signedInAs("x") }),
    ("Session.notSignedInLogin", { L10n.Session.notSignedInLogin }),
    ("Session.alreadySignedIn", { L10n.Session.alreadySignedIn("x") }),
    ("Session.emailPrompt", { L10n.Session.emailPrompt }),
    ("Session.passwordPrompt", { L10n.Session.passwordPrompt }),
    ("Session.signInCancelled", { L10n.Session.signInCancelled }),
    ("Session.couldNotSignIn", { L10n.Session.couldNotSignIn }),
    ("Session.notSignedIn", { L10n.Session.notSignedIn }),
    ("Session.signedOut", { L10n.Session.signedOut("x") }),
    ("Session.noAccountToDelete", { L10n.Session.noAccountToDelete }),
    ("Session.cannotDeleteNow", { L10n.Session.cannotDeleteNow }),
    ("Session.typeDeleteToConfirm", { L10n.Session.typeDeleteToConfirm }),
    ("Session.keptAccount", { L10n.Session.keptAccount }),
  ]
}
