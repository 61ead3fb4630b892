extension L10n.Session {
  /// The help strings of `L10n.Session`.
  package enum Help {
    /// "Conversations".
    package static var groupConversations: String { L10n.Session.text(.groupConversations) }
    /// "Messages".
    package static var groupMessages: String { L10n.Session.text(.groupMessages) }
    /// "Personas, models and memory".
    package static var groupAssistant: String { L10n.Session.text(.groupAssistant) }
    /// "Account, plan and look".
    package static var groupAccount: String { L10n.Session.text(.groupAccount) }
    /// "Session".
    package static var groupSession: String { L10n.Session.text(.groupSession) }
    /// "start a new conversation".
    package static var helpNew: String { L10n.Session.text(.helpNew) }
    /// "list conversations (pinned first)".
    package static var helpChats: String { L10n.Session.text(.helpChats) }
    /// "switch to conversation N of the list, or by id".
    package static var helpOpen: String { L10n.Session.text(.helpOpen) }
    /// "rename this conversation".
    package static var helpRename: String { L10n.Session.text(.helpRename) }
    /// "delete this (or another) conversation".
    package static var helpDelete: String { L10n.Session.text(.helpDelete) }
    /// "pin a conversation to the top".
    package static var helpPin: String { L10n.Session.text(.helpPin) }
    /// "unpin a conversation".
    package static var helpUnpin: String { L10n.Session.text(.helpUnpin) }
    /// "hide a conversation from /chats".
    package static var helpArchive: String { L10n.Session.text(.helpArchive) }
    /// "bring an archived one back".
    package static var helpUnarchive: String { L10n.Session.text(.helpUnarchive) }
    /// "search titles and every message".
    package static var helpSearch: String { L10n.Session.text(.helpSearch) }
    /// "ask again after a failed or stopped reply".
    package static var helpRetry: String { L10n.Session.text(.helpRetry) }
    /// "edit your last (or Nth) message and resend it".
    package static var helpEdit: String { L10n.Session.text(.helpEdit) }
    /// "write a new version of the last reply".
    package static var helpRegen: String { L10n.Session.text(.helpRegen) }
    /// "list versions of the last reply, or show version N".
    package static var helpVersions: String { L10n.Session.text(.helpVersions) }
    /// "print the last reply as plain text".
    package static var helpCopy: String { L10n.Session.text(.helpCopy) }
    /// "save this conversation to a file".
    package static var helpExport: String { L10n.Session.text(.helpExport) }
    /// "tokens, models and free messages used".
    package static var helpUsage: String { L10n.Session.text(.helpUsage) }
    /// "list personas, or pick one for new conversations".
    package static var helpPersona: String { L10n.Session.text(.helpPersona) }
    /// "list models, or pick one".
    package static var helpModel: String { L10n.Session.text(.helpModel) }
    /// "what the assistant remembers: add TEXT, edit N TEXT, delete N".
    package static var helpMemory: String { L10n.Session.text(.helpMemory) }
    /// "list themes, or pick one".
    package static var helpTheme: String { L10n.Session.text(.helpTheme) }
    /// "show every setting, or change one (it is kept)".
    package static var helpSettings: String { L10n.Session.text(.helpSettings) }
    /// "see Kiln Pro plans, or buy plan N".
    package static var helpUpgrade: String { L10n.Session.text(.helpUpgrade) }
    /// "restore purchases".
    package static var helpRestore: String { L10n.Session.text(.helpRestore) }
    /// "sign in with e-mail and password".
    package static var helpLogin: String { L10n.Session.text(.helpLogin) }
    /// "sign out".
    package static var helpLogout: String { L10n.Session.text(.helpLogout) }
    /// "delete your account, chats and memories (asks first)".
    package static var helpDeleteAccount: String { L10n.Session.text(.helpDeleteAccount) }
    /// "who is signed in, and the plan".
    package static var helpWhoami: String { L10n.Session.text(.helpWhoami) }
    /// "this list, or one command".
    package static var helpHelp: String { L10n.Session.text(.helpHelp) }
    /// "leave Kiln (also Ctrl-D)".
    package static var helpQuit: String { L10n.Session.text(.helpQuit) }
    /// "There is no /%@.".
    package static func noSuchCommand(_ name: String) -> String {
      L10n.Session.text(.noSuchCommand, [.text(name)])
    }
    /// "There is no /%@. Did you mean /%@?".
    package static func noSuchCommandSuggesting(_ name: String, _ suggestion: String) -> String {
      L10n.Session.text(.noSuchCommandSuggesting, [.text(name), .text(suggestion)])
    }
    /// "also: %@".
    package static func helpAlso(_ names: String) -> String {
      L10n.Session.text(.helpAlso, [.text(names)])
    }
    /// "Keys".
    package static var keysHeading: String { L10n.Session.text(.keysHeading) }
    /// "Enter sends · Alt-Enter starts a new line · Up/Down browse what you typed · Tab comp…".
    package static var keysLine1: String { L10n.Session.text(.keysLine1) }
    /// "Ctrl-A/E start/end · Ctrl-K/U cut to end/start · Ctrl-W cut a word · Ctrl-Y paste it…".
    package static var keysLine2: String { L10n.Session.text(.keysLine2) }
    /// "Ctrl-C stops a reply (on an empty line twice: quit) · Esc keeps a reply going in the…".
    package static var keysLine3: String { L10n.Session.text(.keysLine3) }
    /// "Ctrl-D quits · Ctrl-L clears the screen · //text sends a message that starts with /".
    package static var keysLine4: String { L10n.Session.text(.keysLine4) }
  }
}
