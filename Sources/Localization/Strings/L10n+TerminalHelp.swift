extension L10n.Terminal {
  /// "an AI chat in your terminal, built on Kiln's view models.".
  package static var overviewTagline: String { text(.overviewTagline) }
  /// "usage:".
  package static var usageLabel: String { text(.usageLabel) }
  /// "Without a command, kiln opens the interactive chat (type /help there).".
  package static var overviewDefault: String { text(.overviewDefault) }
  /// "commands:".
  package static var commandsHeading: String { text(.commandsHeading) }
  /// "options for every command:".
  package static var globalOptionsHeading: String { text(.globalOptionsHeading) }
  /// "options:".
  package static var optionsHeading: String { text(.optionsHeading) }
  /// "Configure a provider with environment variables or ~/.config/kiln/config:".
  package static var configureProvider: String { text(.configureProvider) }
  /// "Kiln's proxy (keys stay on the server)".
  package static var providerProxy: String { text(.providerProxy) }
  /// "`kiln config` shows what kiln uses; `kiln doctor` checks it.".
  package static var configAndDoctor: String { text(.configAndDoctor) }
  /// "exit status: 0 success, 1 failure while running, 2 usage or configuration error; 129…".
  package static var exitStatus: String { text(.exitStatus) }
  /// "(also %@)".
  package static func optionAlso(_ names: String) -> String {
    Self.text(.optionAlso, [.text(names)])
  }
  /// "no help for '%@': it is not a command. See 'kiln --help'.".
  package static func noHelp(_ topic: String) -> String {
    Self.text(.noHelp, [.text(topic)])
  }
  /// "open the chat (the default); piped, each input line is a message or /command".
  package static var chatSummary: String { text(.chatSummary) }
  /// "continue this conversation".
  package static var chatConversation: String { text(.chatConversation) }
  /// "continue the most recent conversation".
  package static var chatContinue: String { text(.chatContinue) }
  /// "persona for a new conversation".
  package static var personaOption: String { text(.personaOption) }
  /// "model to use".
  package static var modelOption: String { text(.modelOption) }
  /// "send one message and print the reply (piped stdin is sent after TEXT)".
  package static var askSummary: String { text(.askSummary) }
  /// "print one JSON object when the reply ends".
  package static var askJSON: String { text(.askJSON) }
  /// "add to this conversation instead of a new one".
  package static var askConversation: String { text(.askConversation) }
  /// "add to the most recent conversation".
  package static var askContinue: String { text(.askContinue) }
  /// "system prompt for this message instead of the persona's (direct providers)".
  package static var askSystem: String { text(.askSystem) }
  /// "temperature (0-2), top_p (0-1) or max_tokens for this message; repeatable".
  package static var askOption: String { text(.askOption) }
  /// "print the reply without keeping the message or the reply".
  package static var askNoSave: String { text(.askNoSave) }
  /// "print only the reply's first fenced code block".
  package static var askExtract: String { text(.askExtract) }
  /// "print JSON".
  package static var printJSON: String { text(.printJSON) }
  /// "list conversations".
  package static var chatsSummary: String { text(.chatsSummary) }
  /// "include archived conversations".
  package static var chatsArchived: String { text(.chatsArchived) }
  /// "list only the first N conversations".
  package static var chatsLimit: String { text(.chatsLimit) }
  /// "delete conversations (asks first unless --yes)".
  package static var deleteSummary: String { text(.deleteSummary) }
  /// "delete without asking".
  package static var deleteYes: String { text(.deleteYes) }
  /// "a conversation ID".
  package static var argumentConversationID: String { text(.argumentConversationID) }
  /// "print a conversation".
  package static var showSummary: String { text(.showSummary) }
  /// "search conversation titles and every message".
  package static var searchSummary: String { text(.searchSummary) }
  /// "a QUERY".
  package static var argumentQuery: String { text(.argumentQuery) }
  /// "export conversations as JSON, or one as Markdown".
  package static var exportSummary: String { text(.exportSummary) }
  /// "json (default) or markdown".
  package static var exportFormat: String { text(.exportFormat) }
  /// "write to FILE instead of standard output".
  package static var exportOutput: String { text(.exportOutput) }
  /// "import conversations exported as JSON".
  package static var importSummary: String { text(.importSummary) }
  /// "a FILE".
  package static var argumentFile: String { text(.argumentFile) }
  /// "show the effective configuration (secrets redacted)".
  package static var configSummary: String { text(.configSummary) }
  /// "check configuration, database and the AI provider".
  package static var doctorSummary: String { text(.doctorSummary) }
  /// "sign in with e-mail and password".
  package static var loginSummary: String { text(.loginSummary) }
  /// "e-mail address (asked for when missing)".
  package static var emailOption: String { text(.emailOption) }
  /// "read the password from standard input".
  package static var passwordStdin: String { text(.passwordStdin) }
  /// "create an account".
  package static var signupSummary: String { text(.signupSummary) }
  /// "sign out".
  package static var logoutSummary: String { text(.logoutSummary) }
  /// "show the signed-in account".
  package static var whoamiSummary: String { text(.whoamiSummary) }
  /// "e-mail a password-reset link".
  package static var resetPasswordSummary: String { text(.resetPasswordSummary) }
  /// "show the subscription".
  package static var subscriptionSummary: String { text(.subscriptionSummary) }
  /// "print the version".
  package static var versionSummary: String { text(.versionSummary) }
  /// "show help for a command".
  package static var helpSummary: String { text(.helpSummary) }
  /// "a COMMAND".
  package static var argumentCommand: String { text(.argumentCommand) }
  /// "argument".
  package static var argumentGeneric: String { text(.argumentGeneric) }
  /// "read configuration from PATH instead of ~/.config/kiln/config".
  package static var configOption: String { text(.configOption) }
  /// "keep data in PATH instead of ~/.local/share/kiln".
  package static var dataDirOption: String { text(.dataDirOption) }
  /// "never colour the output".
  package static var noColorOption: String { text(.noColorOption) }
  /// "show help".
  package static var helpOption: String { text(.helpOption) }
}
