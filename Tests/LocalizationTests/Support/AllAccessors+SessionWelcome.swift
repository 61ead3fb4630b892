import Localization

extension AllAccessors {
  static let sessionWelcome: [Accessor] = [
    ("Session.echoProvider", { L10n.Session.Welcome.echoProvider }),
    ("Session.proxyProvider", { L10n.Session.Welcome.proxyProvider }),
    ("Session.welcomeChattingWith", { L10n.Session.Welcome.welcomeChattingWith("x", "x") }),
    ("Session.welcomeNoProvider", { L10n.Session.Welcome.welcomeNoProvider }),
    ("Session.welcomeHowTo", { L10n.Session.Welcome.welcomeHowTo }),
    ("Session.welcomeSignedInAs", { L10n.Session.Welcome.welcomeSignedInAs("x") }),
    ("Session.couldNot", { L10n.Session.Welcome.couldNot("x", "x") }),
    ("Session.editPrompt", { L10n.Session.Welcome.editPrompt }),
    ("Session.editCancelled", { L10n.Session.Welcome.editCancelled }),
    ("Session.pressCtrlCAgain", { L10n.Session.Welcome.pressCtrlCAgain }),
    ("Session.stoppingOneReply", { L10n.Session.Welcome.stoppingOneReply }),
    ("Session.stoppingReplies", { L10n.Session.Welcome.stoppingReplies(2) }),
    ("Session.planPro", { L10n.Session.Welcome.planPro }),
    ("Session.planRenews", { L10n.Session.Welcome.planRenews("x") }),
    ("Session.planEnds", { L10n.Session.Welcome.planEnds("x") }),
    ("Session.planFreeLeft", { L10n.Session.Welcome.planFreeLeft(2, 2) }),
    ("Session.planFreeOwnProvider", { L10n.Session.Welcome.planFreeOwnProvider }),
  ]
}
