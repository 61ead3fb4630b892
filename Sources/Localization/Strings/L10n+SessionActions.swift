extension L10n.Session {
  /// "buy the plan".
  package static var doBuyPlan: String { text(.doBuyPlan) }
  /// "change the memory".
  package static var doChangeMemory: String { text(.doChangeMemory) }
  /// "compare".
  package static var doCompare: String { text(.doCompare) }
  /// "copy".
  package static var doCopy: String { text(.doCopy) }
  /// "delete the account".
  package static var doDeleteAccount: String { text(.doDeleteAccount) }
  /// "delete the conversation".
  package static var doDeleteConversation: String { text(.doDeleteConversation) }
  /// "delete".
  package static var doDelete: String { text(.doDelete) }
  /// "edit".
  package static var doEdit: String { text(.doEdit) }
  /// "erase the chats on this machine".
  package static var doEraseChats: String { text(.doEraseChats) }
  /// "export the conversation".
  package static var doExportConversation: String { text(.doExportConversation) }
  /// "export".
  package static var doExport: String { text(.doExport) }
  /// "forget it".
  package static var doForget: String { text(.doForget) }
  /// "list conversations".
  package static var doListConversations: String { text(.doListConversations) }
  /// "list the versions".
  package static var doListVersions: String { text(.doListVersions) }
  /// "look the conversation up".
  package static var doLookUp: String { text(.doLookUp) }
  /// "open the conversation".
  package static var doOpenConversation: String { text(.doOpenConversation) }
  /// "open".
  package static var doOpen: String { text(.doOpen) }
  /// "read memories".
  package static var doReadMemories: String { text(.doReadMemories) }
  /// "read the conversation".
  package static var doReadConversation: String { text(.doReadConversation) }
  /// "read the settings".
  package static var doReadSettings: String { text(.doReadSettings) }
  /// "regenerate".
  package static var doRegenerate: String { text(.doRegenerate) }
  /// "remember that".
  package static var doRemember: String { text(.doRemember) }
  /// "rename the conversation".
  package static var doRenameConversation: String { text(.doRenameConversation) }
  /// "rename".
  package static var doRename: String { text(.doRename) }
  /// "restore purchases".
  package static var doRestore: String { text(.doRestore) }
  /// "retry".
  package static var doRetry: String { text(.doRetry) }
  /// "save the model".
  package static var doSaveModel: String { text(.doSaveModel) }
  /// "save the persona".
  package static var doSavePersona: String { text(.doSavePersona) }
  /// "save the setting".
  package static var doSaveSetting: String { text(.doSaveSetting) }
  /// "save the theme".
  package static var doSaveTheme: String { text(.doSaveTheme) }
  /// "search messages".
  package static var doSearchMessages: String { text(.doSearchMessages) }
  /// "sign in".
  package static var doSignIn: String { text(.doSignIn) }
  /// "sign out".
  package static var doSignOut: String { text(.doSignOut) }
  /// "start a conversation".
  package static var doStartConversation: String { text(.doStartConversation) }
  /// "switch versions".
  package static var doSwitchVersions: String { text(.doSwitchVersions) }
  /// "pin".
  package static var doPin: String { text(.doPin) }
  /// "unpin".
  package static var doUnpin: String { text(.doUnpin) }
  /// "archive".
  package static var doArchive: String { text(.doArchive) }
  /// "unarchive".
  package static var doUnarchive: String { text(.doUnarchive) }
}
