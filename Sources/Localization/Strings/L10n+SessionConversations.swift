extension L10n.Session {
  /// The conversations strings of `L10n.Session`.
  package enum Conversations {
    /// "New conversation with %@. Say something!".
    package static func newConversationWith(_ persona: String) -> String {
      L10n.Session.text(.newConversationWith, [.text(persona)])
    }
    /// "Showing the newest %lld; kiln chats lists every one.".
    package static func showingNewest(_ count: Int) -> String {
      L10n.Session.text(.showingNewest, [.integer(count)])
    }
    /// "/open N switches to one.".
    package static var openSwitches: String { L10n.Session.text(.openSwitches) }
    /// "replying…".
    package static var replying: String { L10n.Session.text(.replying) }
    /// "Renamed to “%@”.".
    package static func renamedTo(_ title: String) -> String {
      L10n.Session.text(.renamedTo, [.text(title)])
    }
    /// "Delete “%@” and all its messages? This can't be undone. [y/N]".
    package static func deleteConfirm(_ title: String) -> String {
      L10n.Session.text(.deleteConfirm, [.text(title)])
    }
    /// "Kept.".
    package static var kept: String { L10n.Session.text(.kept) }
    /// "Deleted “%@”. You are in a new conversation.".
    package static func deletedNowNew(_ title: String) -> String {
      L10n.Session.text(.deletedNowNew, [.text(title)])
    }
    /// "Deleted “%@”.".
    package static func deleted(_ title: String) -> String {
      L10n.Session.text(.deleted, [.text(title)])
    }
    /// "Pinned “%@”: it lists first.".
    package static func pinned(_ title: String) -> String {
      L10n.Session.text(.pinned, [.text(title)])
    }
    /// "Unpinned “%@”.".
    package static func unpinned(_ title: String) -> String {
      L10n.Session.text(.unpinned, [.text(title)])
    }
    /// "Archived “%@”: /chats archived still lists it.".
    package static func archived(_ title: String) -> String {
      L10n.Session.text(.archived, [.text(title)])
    }
    /// "“%@” is back in /chats.".
    package static func unarchived(_ title: String) -> String {
      L10n.Session.text(.unarchived, [.text(title)])
    }
    /// "There is nothing to %@ yet: send a message first, or name one (/%@ N).".
    package static func nothingToYetNameOne(_ action: String, _ command: String) -> String {
      L10n.Session.text(.nothingToYetNameOne, [.text(action), .text(command)])
    }
    /// "Numbers refer to the last /chats or /search list; type /chats first.".
    package static var numbersNeedList: String { L10n.Session.text(.numbersNeedList) }
    /// "There is no number %lld in the last list (1–%lld).".
    package static func noNumberInList(_ number: Int, _ count: Int) -> String {
      L10n.Session.text(.noNumberInList, [.integer(number), .integer(count)])
    }
    /// "That conversation no longer exists; /chats shows the current list.".
    package static var conversationGone: String { L10n.Session.text(.conversationGone) }
    /// "'%@' is neither a number from the list nor a conversation id; see /chats.".
    package static func neitherNumberNorID(_ text: String) -> String {
      L10n.Session.text(.neitherNumberNorID, [.text(text)])
    }
    /// "No conversation has the id '%@'; see /chats.".
    package static func noConversationID(_ text: String) -> String {
      L10n.Session.text(.noConversationID, [.text(text)])
    }
    /// "'%@' matches %lld conversations; give more of the id.".
    package static func ambiguousID(_ text: String, _ count: Int) -> String {
      L10n.Session.text(.ambiguousID, [.text(text), .integer(count)])
    }
    /// "Conversations".
    package static var conversationsHeading: String { L10n.Session.text(.conversationsHeading) }
    /// "Messages".
    package static var messagesHeading: String { L10n.Session.text(.messagesHeading) }
    /// "/open N opens one.".
    package static var openOpens: String { L10n.Session.text(.openOpens) }
    /// "-- %lld shown: Enter for more, q to stop --".
    package static func pageMore(_ shown: Int) -> String {
      L10n.Session.text(.pageMore, [.integer(shown)])
    }
  }
}
