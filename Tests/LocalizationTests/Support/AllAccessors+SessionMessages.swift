import Localization

extension AllAccessors {
  static let sessionMessages: [Accessor] = [
    ("Session.nothingToYet", { L10n.Session.Messages.nothingToYet("x") }),
    ("Session.nothingToRetry", { L10n.Session.Messages.nothingToRetry }),
    ("Session.noReplyToRegenerate", { L10n.Session.Messages.noReplyToRegenerate }),
    ("Session.writingNewVersion", { L10n.Session.Messages.writingNewVersion }),
    ("Session.notSentHere", { L10n.Session.Messages.notSentHere }),
    ("Session.noMessageNumber", { L10n.Session.Messages.noMessageNumber(2, 2) }),
    ("Session.editingOnTerminal", { L10n.Session.Messages.editingOnTerminal(2) }),
    ("Session.editingInLineMode", { L10n.Session.Messages.editingInLineMode(2) }),
    ("Session.noReplyYet", { L10n.Session.Messages.noReplyYet }),
    ("Session.versionShown", { L10n.Session.Messages.versionShown }),
    ("Session.onlyOneVersion", { L10n.Session.Messages.onlyOneVersion }),
    ("Session.versionsShowN", { L10n.Session.Messages.versionsShowN }),
    ("Session.noVersionNumber", { L10n.Session.Messages.noVersionNumber(2, 2) }),
    ("Session.noReplyToCopy", { L10n.Session.Messages.noReplyToCopy }),
    ("Session.copyHint", { L10n.Session.Messages.copyHint }),
    ("Session.exportedTo", { L10n.Session.Messages.exportedTo("x", "x") }),
    ("Session.couldNotWrite", { L10n.Session.Messages.couldNotWrite("x", "x") }),
    ("Session.thisConversation", { L10n.Session.Messages.thisConversation }),
    ("Session.unknownModel", { L10n.Session.Messages.unknownModel }),
    ("Session.noUsageReported", { L10n.Session.Messages.noUsageReported }),
    ("Session.tokenSplit", { L10n.Session.Messages.tokenSplit(2, 2) }),
    ("Session.usageTotalOne", { L10n.Session.Messages.usageTotalOne("x", 2, 2) }),
    ("Session.usageTotal", { L10n.Session.Messages.usageTotal("x", 2, 2, 2) }),
    ("Session.modelsThatAnswered", { L10n.Session.Messages.modelsThatAnswered("x") }),
    ("Session.noRepliesYet", { L10n.Session.Messages.noRepliesYet }),
    ("Session.freeMessagesLeft", { L10n.Session.Messages.freeMessagesLeft(2, 2) }),
    ("Session.freeMessagesNoLimit", { L10n.Session.Messages.freeMessagesNoLimit("x") }),
  ]
}
