import Localization

extension AllAccessors {
  static let sessionReplies: [Accessor] = [
    ("Session.keepInBackground", { L10n.Session.keepInBackground }),
    ("Session.memoryListed", { L10n.Session.memoryListed }),
    ("Session.stoppedKept", { L10n.Session.stoppedKept }),
    ("Session.stopped", { L10n.Session.stopped }),
    ("Session.typeRetry", { L10n.Session.typeRetry }),
    ("Session.upgradeOrOwnKey", { L10n.Session.upgradeOrOwnKey }),
    ("Session.enjoyingKiln", { L10n.Session.enjoyingKiln }),
    ("Session.keepsArrivingInBackground", { L10n.Session.keepsArrivingInBackground }),
    ("Session.theOtherConversation", { L10n.Session.theOtherConversation }),
    ("Session.replyEndedEarly", { L10n.Session.replyEndedEarly("x", "x") }),
    ("Session.replyComplete", { L10n.Session.replyComplete("x", "x") }),
    ("Session.markStopped", { L10n.Session.markStopped }),
    ("Session.markFailed", { L10n.Session.markFailed }),
    ("Session.markFailedCode", { L10n.Session.markFailedCode("x") }),
    ("Session.earlierNotShown", { L10n.Session.earlierNotShown("x") }),
    ("Session.stillArrivingHere", { L10n.Session.stillArrivingHere }),
    ("Session.messageWaits", { L10n.Session.messageWaits }),
  ]
}
