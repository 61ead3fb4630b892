extension L10n.Session {
  /// The actions strings of `L10n.Session`.
  package enum Actions {
    /// "buy the plan".
    package static var doBuyPlan: String { L10n.Session.text(.doBuyPlan) }
    /// "change the memory".
    package static var doChangeMemory: String { L10n.Session.text(.doChangeMemory) }
    /// "compare".
    package static var doCompare: String { L10n.Session.text(.doCompare) }
    /// "copy".
    package static var doCopy: String { L10n.Session.text(.doCopy) }
    /// "delete the account".
    package static var doDeleteAccount: String { L10n.Session.text(.doDeleteAccount) }
    /// "delete the conversation".
    package static var doDeleteConversation: String { L10n.Session.text(.doDeleteConversation) }
    /// "delete".
    package static var doDelete: String { L10n.Session.text(.doDelete) }
    /// "edit".
    package static var doEdit: String { L10n.Session.text(.doEdit) }
    /// "erase the chats on this machine".
    package static var doEraseChats: String { L10n.Session.text(.doEraseChats) }
    /// "export the conversation".
    package static var doExportConversation: String { L10n.Session.text(.doExportConversation) }
    /// "export".
    package static var doExport: String { L10n.Session.text(.doExport) }
    /// "forget it".
    package static var doForget: String { L10n.Session.text(.doForget) }
    /// "list conversations".
    package static var doListConversations: String { L10n.Session.text(.doListConversations) }
    /// "list the versions".
    package static var doListVersions: String { L10n.Session.text(.doListVersions) }
    /// "look the conversation up".
    package static var doLookUp: String { L10n.Session.text(.doLookUp) }
    /// "open the conversation".
    package static var doOpenConversation: String { L10n.Session.text(.doOpenConversation) }
    /// "open".
    package static var doOpen: String { L10n.Session.text(.doOpen) }
    /// "read memories".
    package static var doReadMemories: String { L10n.Session.text(.doReadMemories) }
    /// "read the conversation".
    package static var doReadConversation: String { L10n.Session.text(.doReadConversation) }
    /// "read the settings".
    package static var doReadSettings: String { L10n.Session.text(.doReadSettings) }
    /// "regenerate".
    package static var doRegenerate: String { L10n.Session.text(.doRegenerate) }
    /// "remember that".
    package static var doRemember: String { L10n.Session.text(.doRemember) }
    /// "rename the conversation".
    package static var doRenameConversation: String { L10n.Session.text(.doRenameConversation) }
    /// "rename".
    package static var doRename: String { L10n.Session.text(.doRename) }
    /// "restore purchases".
    package static var doRestore: String { L10n.Session.text(.doRestore) }
    /// "retry".
    package static var doRetry: String { L10n.Session.text(.doRetry) }
    /// "save the model".
    package static var doSaveModel: String { L10n.Session.text(.doSaveModel) }
    /// "save the persona".
    package static var doSavePersona: String { L10n.Session.text(.doSavePersona) }
    /// "save the setting".
    package static var doSaveSetting: String { L10n.Session.text(.doSaveSetting) }
    /// "save the theme".
    package static var doSaveTheme: String { L10n.Session.text(.doSaveTheme) }
    /// "search messages".
    package static var doSearchMessages: String { L10n.Session.text(.doSearchMessages) }
    /// "sign in".
    package static var doSignIn: String { L10n.Session.text(.doSignIn) }
    /// "sign out".
    package static var doSignOut: String { L10n.Session.text(.doSignOut) }
    /// "start a conversation".
    package static var doStartConversation: String { L10n.Session.text(.doStartConversation) }
    /// "switch versions".
    package static var doSwitchVersions: String { L10n.Session.text(.doSwitchVersions) }
    /// "pin".
    package static var doPin: String { L10n.Session.text(.doPin) }
    /// "unpin".
    package static var doUnpin: String { L10n.Session.text(.doUnpin) }
    /// "archive".
    package static var doArchive: String { L10n.Session.text(.doArchive) }
    /// "unarchive".
    package static var doUnarchive: String { L10n.Session.text(.doUnarchive) }
  }
}
