import Localization

extension AllAccessors {
  static let sessionWelcome: [Accessor] = [
    ("Session.echoProvider", { L10n.Session.echoProvider }),
    ("Session.proxyProvider", { L10n.Session.proxyProvider }),
    ("Session.welcomeChattingWith", { L10n.Session.welcomeChattingWith("x", "x") }),
    ("Session.welcomeNoProvider", { L10n.Session.welcomeNoProvider }),
    ("Session.welcomeHowTo", { L10n.Session.welcomeHowTo }),
    ("Session.welcomeSignedInAs", { L10n.Session.welcomeSignedInAs("x") }),
    ("Session.couldNot", { L10n.Session.couldNot("x", "x") }),
    ("Session.editPrompt", { L10n.Session.editPrompt }),
    ("Session.editCancelled", { L10n.Session.editCancelled }),
    ("Session.pressCtrlCAgain", { L10n.Session.pressCtrlCAgain }),
    ("Session.stoppingOneReply", { L10n.Session.stoppingOneReply }),
    ("Session.stoppingReplies", { L10n.Session.stoppingReplies(2) }),
    ("Session.planPro", { L10n.Session.planPro }),
    ("Session.planRenews", { L10n.Session.planRenews("x") }),
    ("Session.planEnds", { L10n.Session.planEnds("x") }),
    ("Session.planFreeLeft", { L10n.Session.planFreeLeft(2, 2) }),
    ("Session.planFreeOwnProvider", { L10n.Session.planFreeOwnProvider }),
  ]
}
