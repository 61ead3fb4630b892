import Localization

extension AllAccessors {
  static let sessionConversations: [Accessor] = [
    ("Session.newConversationWith", { L10n.Session.newConversationWith("x") }),
    ("Session.showingNewest", { L10n.Session.showingNewest(2) }),
    ("Session.openSwitches", { L10n.Session.openSwitches }),
    ("Session.replying", { L10n.Session.replying }),
    ("Session.renamedTo", { L10n.Session.renamedTo("x") }),
    ("Session.deleteConfirm", { L10n.Session.deleteConfirm("x") }),
    ("Session.kept", { L10n.Session.kept }),
    ("Session.deletedNowNew", { L10n.Session.deletedNowNew("x") }),
    ("Session.deleted", { L10n.Session.deleted("x") }),
    ("Session.pinned", { L10n.Session.pinned("x") }),
    ("Session.unpinned", { L10n.Session.unpinned("x") }),
    ("Session.archived", { L10n.Session.archived("x") }),
    ("Session.unarchived", { L10n.Session.unarchived("x") }),
    ("Session.nothingToYetNameOne", { L10n.Session.nothingToYetNameOne("x", "x") }),
    ("Session.numbersNeedList", { L10n.Session.numbersNeedList }),
    ("Session.noNumberInList", { L10n.Session.noNumberInList(2, 2) }),
    ("Session.conversationGone", { L10n.Session.conversationGone }),
    ("Session.neitherNumberNorID", { L10n.Session.neitherNumberNorID("x") }),
    ("Session.noConversationID", { L10n.Session.noConversationID("x") }),
    ("Session.ambiguousID", { L10n.Session.ambiguousID("x", 2) }),
    ("Session.conversationsHeading", { L10n.Session.conversationsHeading }),
    ("Session.messagesHeading", { L10n.Session.messagesHeading }),
    ("Session.openOpens", { L10n.Session.openOpens }),
    ("Session.pageMore", { L10n.Session.pageMore(2) }),
  ]
}
