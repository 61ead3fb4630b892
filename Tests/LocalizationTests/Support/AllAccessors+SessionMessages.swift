import Localization

extension AllAccessors {
  static let sessionMessages: [Accessor] = [
    ("Session.nothingToYet", { L10n.Session.nothingToYet("x") }),
    ("Session.nothingToRetry", { L10n.Session.nothingToRetry }),
    ("Session.noReplyToRegenerate", { L10n.Session.noReplyToRegenerate }),
    ("Session.writingNewVersion", { L10n.Session.writingNewVersion }),
    ("Session.notSentHere", { L10n.Session.notSentHere }),
    ("Session.noMessageNumber", { L10n.Session.noMessageNumber(2, 2) }),
    ("Session.editingOnTerminal", { L10n.Session.editingOnTerminal(2) }),
    ("Session.editingInLineMode", { L10n.Session.editingInLineMode(2) }),
    ("Session.noReplyYet", { L10n.Session.noReplyYet }),
    ("Session.versionShown", { L10n.Session.versionShown }),
    ("Session.onlyOneVersion", { L10n.Session.onlyOneVersion }),
    ("Session.versionsShowN", { L10n.Session.versionsShowN }),
    ("Session.noVersionNumber", { L10n.Session.noVersionNumber(2, 2) }),
    ("Session.noReplyToCopy", { L10n.Session.noReplyToCopy }),
    ("Session.copyHint", { L10n.Session.copyHint }),
    ("Session.exportedTo", { L10n.Session.exportedTo("x", "x") }),
    ("Session.couldNotWrite", { L10n.Session.couldNotWrite("x", "x") }),
    ("Session.thisConversation", { L10n.Session.thisConversation }),
    ("Session.unknownModel", { L10n.Session.unknownModel }),
    ("Session.noUsageReported", { L10n.Session.noUsageReported }),
    ("Session.tokenSplit", { L10n.Session.tokenSplit(2, 2) }),
    ("Session.usageTotalOne", { L10n.Session.usageTotalOne("x", 2, 2) }),
    ("Session.usageTotal", { L10n.Session.usageTotal("x", 2, 2, 2) }),
    ("Session.modelsThatAnswered", { L10n.Session.modelsThatAnswered("x") }),
    ("Session.noRepliesYet", { L10n.Session.noRepliesYet }),
    ("Session.freeMessagesLeft", { L10n.Session.freeMessagesLeft(2, 2) }),
    ("Session.freeMessagesNoLimit", { L10n.Session.freeMessagesNoLimit("x") }),
  ]
}
