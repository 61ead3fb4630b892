import Localization

extension AllAccessors {
  static let sessionReplies: [Accessor] = [
    ("Session.keepInBackground", { L10n.Session.Replies.keepInBackground }),
    ("Session.memoryListed", { L10n.Session.Replies.memoryListed }),
    ("Session.stoppedKept", { L10n.Session.Replies.stoppedKept }),
    ("Session.stopped", { L10n.Session.Replies.stopped }),
    ("Session.typeRetry", { L10n.Session.Replies.typeRetry }),
    ("Session.upgradeOrOwnKey", { L10n.Session.Replies.upgradeOrOwnKey }),
    ("Session.enjoyingKiln", { L10n.Session.Replies.enjoyingKiln }),
    ("Session.keepsArrivingInBackground", { L10n.Session.Replies.keepsArrivingInBackground }),
    ("Session.theOtherConversation", { L10n.Session.Replies.theOtherConversation }),
    ("Session.replyEndedEarly", { L10n.Session.Replies.replyEndedEarly("x", "x") }),
    ("Session.replyComplete", { L10n.Session.Replies.replyComplete("x", "x") }),
    ("Session.markStopped", { L10n.Session.Replies.markStopped }),
    ("Session.markFailed", { L10n.Session.Replies.markFailed }),
    ("Session.markFailedCode", { L10n.Session.Replies.markFailedCode("x") }),
    ("Session.earlierNotShown", { L10n.Session.Replies.earlierNotShown("x") }),
    ("Session.stillArrivingHere", { L10n.Session.Replies.stillArrivingHere }),
    ("Session.messageWaits", { L10n.Session.Replies.messageWaits }),
  ]
}
