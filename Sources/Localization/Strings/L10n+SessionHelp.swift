extension L10n.Session {
  /// "Conversations".
  package static var groupConversations: String { text(.groupConversations) }
  /// "Messages".
  package static var groupMessages: String { text(.groupMessages) }
  /// "Personas, models and memory".
  package static var groupAssistant: String { text(.groupAssistant) }
  /// "Account, plan and look".
  package static var groupAccount: String { text(.groupAccount) }
  /// "Session".
  package static var groupSession: String { text(.groupSession) }
  /// "start a new conversation".
  package static var helpNew: String { text(.helpNew) }
  /// "list conversations (pinned first)".
  package static var helpChats: String { text(.helpChats) }
  /// "switch to conversation N of the list, or by id".
  package static var helpOpen: String { text(.helpOpen) }
  /// "rename this conversation".
  package static var helpRename: String { text(.helpRename) }
  /// "delete this (or another) conversation".
  package static var helpDelete: String { text(.helpDelete) }
  /// "pin a conversation to the top".
  package static var helpPin: String { text(.helpPin) }
  /// "unpin a conversation".
  package static var helpUnpin: String { text(.helpUnpin) }
  /// "hide a conversation from /chats".
  package static var helpArchive: String { text(.helpArchive) }
  /// "bring an archived one back".
  package static var helpUnarchive: String { text(.helpUnarchive) }
  /// "search titles and every message".
  package static var helpSearch: String { text(.helpSearch) }
  /// "ask again after a failed or stopped reply".
  package static var helpRetry: String { text(.helpRetry) }
  /// "edit your last (or Nth) message and resend it".
  package static var helpEdit: String { text(.helpEdit) }
  /// "write a new version of the last reply".
  package static var helpRegen: String { text(.helpRegen) }
  /// "list versions of the last reply, or show version N".
  package static var helpVersions: String { text(.helpVersions) }
  /// "print the last reply as plain text".
  package static var helpCopy: String { text(.helpCopy) }
  /// "save this conversation to a file".
  package static var helpExport: String { text(.helpExport) }
  /// "tokens, models and free messages used".
  package static var helpUsage: String { text(.helpUsage) }
  /// "list personas, or pick one for new conversations".
  package static var helpPersona: String { text(.helpPersona) }
  /// "list models, or pick one".
  package static var helpModel: String { text(.helpModel) }
  /// "what the assistant remembers: add TEXT, edit N TEXT, delete N".
  package static var helpMemory: String { text(.helpMemory) }
  /// "list themes, or pick one".
  package static var helpTheme: String { text(.helpTheme) }
  /// "show every setting, or change one (it is kept)".
  package static var helpSettings: String { text(.helpSettings) }
  /// "see Kiln Pro plans, or buy plan N".
  package static var helpUpgrade: String { text(.helpUpgrade) }
  /// "restore purchases".
  package static var helpRestore: String { text(.helpRestore) }
  /// "sign in with e-mail and password".
  package static var helpLogin: String { text(.helpLogin) }
  /// "sign out".
  package static var helpLogout: String { text(.helpLogout) }
  /// "delete your account, chats and memories (asks first)".
  package static var helpDeleteAccount: String { text(.helpDeleteAccount) }
  /// "who is signed in, and the plan".
  package static var helpWhoami: String { text(.helpWhoami) }
  /// "this list, or one command".
  package static var helpHelp: String { text(.helpHelp) }
  /// "leave Kiln (also Ctrl-D)".
  package static var helpQuit: String { text(.helpQuit) }
  /// "There is no /%@.".
  package static func noSuchCommand(_ name: String) -> String {
    Self.text(.noSuchCommand, [.text(name)])
  }
  /// "There is no /%@. Did you mean /%@?".
  package static func noSuchCommandSuggesting(_ name: String, _ suggestion: String) -> String {
    Self.text(.noSuchCommandSuggesting, [.text(name), .text(suggestion)])
  }
  /// "also: %@".
  package static func helpAlso(_ names: String) -> String {
    Self.text(.helpAlso, [.text(names)])
  }
  /// "Keys".
  package static var keysHeading: String { text(.keysHeading) }
  /// "Enter sends · Alt-Enter starts a new line · Up/Down browse what you typed · Tab comp…".
  package static var keysLine1: String { text(.keysLine1) }
  /// "Ctrl-A/E start/end · Ctrl-K/U cut to end/start · Ctrl-W cut a word · Ctrl-Y paste it…".
  package static var keysLine2: String { text(.keysLine2) }
  /// "Ctrl-C stops a reply (on an empty line twice: quit) · Esc keeps a reply going in the…".
  package static var keysLine3: String { text(.keysLine3) }
  /// "Ctrl-D quits · Ctrl-L clears the screen · //text sends a message that starts with /".
  package static var keysLine4: String { text(.keysLine4) }
}
