extension L10n.Terminal {
  /// The help strings of `L10n.Terminal`.
  package enum Help {
    /// "an AI chat in your terminal, built on Kiln's view models.".
    package static var overviewTagline: String { L10n.Terminal.text(.overviewTagline) }
    /// "usage:".
    package static var usageLabel: String { L10n.Terminal.text(.usageLabel) }
    /// "Without a command, kiln opens the interactive chat (type /help there).".
    package static var overviewDefault: String { L10n.Terminal.text(.overviewDefault) }
    /// "commands:".
    package static var commandsHeading: String { L10n.Terminal.text(.commandsHeading) }
    /// "options for every command:".
    package static var globalOptionsHeading: String { L10n.Terminal.text(.globalOptionsHeading) }
    /// "options:".
    package static var optionsHeading: String { L10n.Terminal.text(.optionsHeading) }
    /// "Configure a provider with environment variables or ~/.config/kiln/config:".
    package static var configureProvider: String { L10n.Terminal.text(.configureProvider) }
    /// "Kiln's proxy (keys stay on the server)".
    package static var providerProxy: String { L10n.Terminal.text(.providerProxy) }
    /// "`kiln config` shows what kiln uses; `kiln doctor` checks it.".
    package static var configAndDoctor: String { L10n.Terminal.text(.configAndDoctor) }
    /// "exit status: 0 success, 1 failure while running, 2 usage or configuration error; 129…".
    package static var exitStatus: String { L10n.Terminal.text(.exitStatus) }
    /// "(also %@)".
    package static func optionAlso(_ names: String) -> String {
      L10n.Terminal.text(.optionAlso, [.text(names)])
    }
    /// "no help for '%@': it is not a command. See 'kiln --help'.".
    package static func noHelp(_ topic: String) -> String {
      L10n.Terminal.text(.noHelp, [.text(topic)])
    }
    /// "open the chat (the default); piped, each input line is a message or /command".
    package static var chatSummary: String { L10n.Terminal.text(.chatSummary) }
    /// "continue this conversation".
    package static var chatConversation: String { L10n.Terminal.text(.chatConversation) }
    /// "continue the most recent conversation".
    package static var chatContinue: String { L10n.Terminal.text(.chatContinue) }
    /// "persona for a new conversation".
    package static var personaOption: String { L10n.Terminal.text(.personaOption) }
    /// "model to use".
    package static var modelOption: String { L10n.Terminal.text(.modelOption) }
    /// "send one message and print the reply (piped stdin is sent after TEXT)".
    package static var askSummary: String { L10n.Terminal.text(.askSummary) }
    /// "print one JSON object when the reply ends".
    package static var askJSON: String { L10n.Terminal.text(.askJSON) }
    /// "add to this conversation instead of a new one".
    package static var askConversation: String { L10n.Terminal.text(.askConversation) }
    /// "add to the most recent conversation".
    package static var askContinue: String { L10n.Terminal.text(.askContinue) }
    /// "system prompt for this message instead of the persona's (direct providers)".
    package static var askSystem: String { L10n.Terminal.text(.askSystem) }
    /// "temperature (0-2), top_p (0-1) or max_tokens for this message; repeatable".
    package static var askOption: String { L10n.Terminal.text(.askOption) }
    /// "print the reply without keeping the message or the reply".
    package static var askNoSave: String { L10n.Terminal.text(.askNoSave) }
    /// "print only the reply's first fenced code block".
    package static var askExtract: String { L10n.Terminal.text(.askExtract) }
    /// "print JSON".
    package static var printJSON: String { L10n.Terminal.text(.printJSON) }
    /// "list conversations".
    package static var chatsSummary: String { L10n.Terminal.text(.chatsSummary) }
    /// "include archived conversations".
    package static var chatsArchived: String { L10n.Terminal.text(.chatsArchived) }
    /// "list only the first N conversations".
    package static var chatsLimit: String { L10n.Terminal.text(.chatsLimit) }
    /// "delete conversations (asks first unless --yes)".
    package static var deleteSummary: String { L10n.Terminal.text(.deleteSummary) }
    /// "delete without asking".
    package static var deleteYes: String { L10n.Terminal.text(.deleteYes) }
    /// "a conversation ID".
    package static var argumentConversationID: String {
      L10n.Terminal.text(.argumentConversationID)
    }
    /// "print a conversation".
    package static var showSummary: String { L10n.Terminal.text(.showSummary) }
    /// "search conversation titles and every message".
    package static var searchSummary: String { L10n.Terminal.text(.searchSummary) }
    /// "a QUERY".
    package static var argumentQuery: String { L10n.Terminal.text(.argumentQuery) }
    /// "export conversations as JSON, or one as Markdown".
    package static var exportSummary: String { L10n.Terminal.text(.exportSummary) }
    /// "json (default) or markdown".
    package static var exportFormat: String { L10n.Terminal.text(.exportFormat) }
    /// "write to FILE instead of standard output".
    package static var exportOutput: String { L10n.Terminal.text(.exportOutput) }
    /// "import conversations exported as JSON".
    package static var importSummary: String { L10n.Terminal.text(.importSummary) }
    /// "a FILE".
    package static var argumentFile: String { L10n.Terminal.text(.argumentFile) }
    /// "show the effective configuration (secrets redacted)".
    package static var configSummary: String { L10n.Terminal.text(.configSummary) }
    /// "check configuration, database and the AI provider".
    package static var doctorSummary: String { L10n.Terminal.text(.doctorSummary) }
    /// "sign in with e-mail and password".
    package static var loginSummary: String { L10n.Terminal.text(.loginSummary) }
    /// "e-mail address (asked for when missing)".
    package static var emailOption: String { L10n.Terminal.text(.emailOption) }
    /// "read the password from standard input".
    package static var passwordStdin: String { L10n.Terminal.text(.passwordStdin) }
    /// "create an account".
    package static var signupSummary: String { L10n.Terminal.text(.signupSummary) }
    /// "sign out".
    package static var logoutSummary: String { L10n.Terminal.text(.logoutSummary) }
    /// "show the signed-in account".
    package static var whoamiSummary: String { L10n.Terminal.text(.whoamiSummary) }
    /// "e-mail a password-reset link".
    package static var resetPasswordSummary: String { L10n.Terminal.text(.resetPasswordSummary) }
    /// "show the subscription".
    package static var subscriptionSummary: String { L10n.Terminal.text(.subscriptionSummary) }
    /// "print the version".
    package static var versionSummary: String { L10n.Terminal.text(.versionSummary) }
    /// "show help for a command".
    package static var helpSummary: String { L10n.Terminal.text(.helpSummary) }
    /// "a COMMAND".
    package static var argumentCommand: String { L10n.Terminal.text(.argumentCommand) }
    /// "argument".
    package static var argumentGeneric: String { L10n.Terminal.text(.argumentGeneric) }
    /// "read configuration from PATH instead of ~/.config/kiln/config".
    package static var configOption: String { L10n.Terminal.text(.configOption) }
    /// "keep data in PATH instead of ~/.local/share/kiln".
    package static var dataDirOption: String { L10n.Terminal.text(.dataDirOption) }
    /// "never colour the output".
    package static var noColorOption: String { L10n.Terminal.text(.noColorOption) }
    /// "show help".
    package static var helpOption: String { L10n.Terminal.text(.helpOption) }
  }
}
