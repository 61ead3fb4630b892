extension L10n.Session {
  /// "New conversation with %@. Say something!".
  package static func newConversationWith(_ persona: String) -> String {
    Self.text(.newConversationWith, [.text(persona)])
  }
  /// "Showing the newest %lld; kiln chats lists every one.".
  package static func showingNewest(_ count: Int) -> String {
    Self.text(.showingNewest, [.integer(count)])
  }
  /// "/open N switches to one.".
  package static var openSwitches: String { text(.openSwitches) }
  /// "replying…".
  package static var replying: String { text(.replying) }
  /// "Renamed to “%@”.".
  package static func renamedTo(_ title: String) -> String {
    Self.text(.renamedTo, [.text(title)])
  }
  /// "Delete “%@” and all its messages? This can't be undone. [y/N]".
  package static func deleteConfirm(_ title: String) -> String {
    Self.text(.deleteConfirm, [.text(title)])
  }
  /// "Kept.".
  package static var kept: String { text(.kept) }
  /// "Deleted “%@”. You are in a new conversation.".
  package static func deletedNowNew(_ title: String) -> String {
    Self.text(.deletedNowNew, [.text(title)])
  }
  /// "Deleted “%@”.".
  package static func deleted(_ title: String) -> String {
    Self.text(.deleted, [.text(title)])
  }
  /// "Pinned “%@”: it lists first.".
  package static func pinned(_ title: String) -> String {
    Self.text(.pinned, [.text(title)])
  }
  /// "Unpinned “%@”.".
  package static func unpinned(_ title: String) -> String {
    Self.text(.unpinned, [.text(title)])
  }
  /// "Archived “%@”: /chats archived still lists it.".
  package static func archived(_ title: String) -> String {
    Self.text(.archived, [.text(title)])
  }
  /// "“%@” is back in /chats.".
  package static func unarchived(_ title: String) -> String {
    Self.text(.unarchived, [.text(title)])
  }
  /// "There is nothing to %@ yet: send a message first, or name one (/%@ N).".
  package static func nothingToYetNameOne(_ action: String, _ command: String) -> String {
    Self.text(.nothingToYetNameOne, [.text(action), .text(command)])
  }
  /// "Numbers refer to the last /chats or /search list; type /chats first.".
  package static var numbersNeedList: String { text(.numbersNeedList) }
  /// "There is no number %lld in the last list (1–%lld).".
  package static func noNumberInList(_ number: Int, _ count: Int) -> String {
    Self.text(.noNumberInList, [.integer(number), .integer(count)])
  }
  /// "That conversation no longer exists; /chats shows the current list.".
  package static var conversationGone: String { text(.conversationGone) }
  /// "'%@' is neither a number from the list nor a conversation id; see /chats.".
  package static func neitherNumberNorID(_ text: String) -> String {
    Self.text(.neitherNumberNorID, [.text(text)])
  }
  /// "No conversation has the id '%@'; see /chats.".
  package static func noConversationID(_ text: String) -> String {
    Self.text(.noConversationID, [.text(text)])
  }
  /// "'%@' matches %lld conversations; give more of the id.".
  package static func ambiguousID(_ text: String, _ count: Int) -> String {
    Self.text(.ambiguousID, [.text(text), .integer(count)])
  }
  /// "Conversations".
  package static var conversationsHeading: String { text(.conversationsHeading) }
  /// "Messages".
  package static var messagesHeading: String { text(.messagesHeading) }
  /// "/open N opens one.".
  package static var openOpens: String { text(.openOpens) }
  /// "-- %lld shown: Enter for more, q to stop --".
  package static func pageMore(_ shown: Int) -> String {
    Self.text(.pageMore, [.integer(shown)])
  }
}
