import Localization

extension AllAccessors {
  static let sessionConversations: [Accessor] = [
    ("Session.newConversationWith", { L10n.Session.Conversations.newConversationWith("x") }),
    ("Session.showingNewest", { L10n.Session.Conversations.showingNewest(2) }),
    ("Session.openSwitches", { L10n.Session.Conversations.openSwitches }),
    ("Session.replying", { L10n.Session.Conversations.replying }),
    ("Session.renamedTo", { L10n.Session.Conversations.renamedTo("x") }),
    ("Session.deleteConfirm", { L10n.Session.Conversations.deleteConfirm("x") }),
    ("Session.kept", { L10n.Session.Conversations.kept }),
    ("Session.deletedNowNew", { L10n.Session.Conversations.deletedNowNew("x") }),
    ("Session.deleted", { L10n.Session.Conversations.deleted("x") }),
    ("Session.pinned", { L10n.Session.Conversations.pinned("x") }),
    ("Session.unpinned", { L10n.Session.Conversations.unpinned("x") }),
    ("Session.archived", { L10n.Session.Conversations.archived("x") }),
    ("Session.unarchived", { L10n.Session.Conversations.unarchived("x") }),
    ("Session.nothingToYetNameOne", { L10n.Session.Conversations.nothingToYetNameOne("x", "x") }),
    ("Session.numbersNeedList", { L10n.Session.Conversations.numbersNeedList }),
    ("Session.noNumberInList", { L10n.Session.Conversations.noNumberInList(2, 2) }),
    ("Session.conversationGone", { L10n.Session.Conversations.conversationGone }),
    ("Session.neitherNumberNorID", { L10n.Session.Conversations.neitherNumberNorID("x") }),
    ("Session.noConversationID", { L10n.Session.Conversations.noConversationID("x") }),
    ("Session.ambiguousID", { L10n.Session.Conversations.ambiguousID("x", 2) }),
    ("Session.conversationsHeading", { L10n.Session.Conversations.conversationsHeading }),
    ("Session.messagesHeading", { L10n.Session.Conversations.messagesHeading }),
    ("Session.openOpens", { L10n.Session.Conversations.openOpens }),
    ("Session.pageMore", { L10n.Session.Conversations.pageMore(2) }),
  ]
}
