import Localization

/// Every `kiln` subcommand, in the order `kiln --help` lists them.
enum Commands {
  static let interactive = CommandSpec(
    "chat",
    summary:
      L10n.Terminal.Help.chatSummary,
    usage: "[-c | --conversation ID] [--persona ID] [-m MODEL]",
    options: [
      .value("--conversation", aliases: ["--cid"], "ID", L10n.Terminal.Help.chatConversation),
      .flag("--continue", short: "-c", L10n.Terminal.Help.chatContinue),
      .value("--persona", "ID", L10n.Terminal.Help.personaOption),
      .value("--model", short: "-m", "MODEL", L10n.Terminal.Help.modelOption),
    ])

  static let ask = CommandSpec(
    "ask", summary: L10n.Terminal.Help.askSummary,
    usage:
      "[--json | -x] [-c | --conversation ID] [--persona ID] [-m MODEL] [-s SYSTEM] "
      + "[-o NAME VALUE]... [--no-save] [TEXT...]",
    options: [
      .flag("--json", L10n.Terminal.Help.askJSON),
      .value(
        "--conversation", aliases: ["--cid"], "ID",
        L10n.Terminal.Help.askConversation),
      .flag("--continue", short: "-c", L10n.Terminal.Help.askContinue),
      .value("--persona", "ID", L10n.Terminal.Help.personaOption),
      .value("--model", short: "-m", "MODEL", L10n.Terminal.Help.modelOption),
      .value(
        "--system", short: "-s", "SYSTEM",
        L10n.Terminal.Help.askSystem),
      .pair(
        "--option", short: "-o", "NAME VALUE",
        L10n.Terminal.Help.askOption),
      .flag("--no-save", L10n.Terminal.Help.askNoSave),
      .flag("--extract", short: "-x", L10n.Terminal.Help.askExtract),
    ], arguments: 0...Int.max, argumentName: "TEXT")

  static let chats = CommandSpec(
    "chats", summary: L10n.Terminal.Help.chatsSummary, usage: "[--json] [--archived] [--limit N]",
    options: [
      .flag("--json", L10n.Terminal.Help.printJSON),
      .flag("--archived", L10n.Terminal.Help.chatsArchived),
      .value("--limit", short: "-n", "N", L10n.Terminal.Help.chatsLimit),
    ])

  static let delete = CommandSpec(
    "delete", summary: L10n.Terminal.Help.deleteSummary,
    usage: "[--yes] ID...",
    options: [.flag("--yes", short: "-y", L10n.Terminal.Help.deleteYes)], arguments: 1...Int.max,
    argumentName: L10n.Terminal.Help.argumentConversationID)

  static let show = CommandSpec(
    "show", summary: L10n.Terminal.Help.showSummary, usage: "[--json] ID",
    options: [.flag("--json", L10n.Terminal.Help.printJSON)], arguments: 1...1,
    argumentName: L10n.Terminal.Help.argumentConversationID)

  static let search = CommandSpec(
    "search", summary: L10n.Terminal.Help.searchSummary, usage: "[--json] QUERY...",
    options: [.flag("--json", L10n.Terminal.Help.printJSON)], arguments: 1...Int.max,
    argumentName: L10n.Terminal.Help.argumentQuery)

  static let export = CommandSpec(
    "export", summary: L10n.Terminal.Help.exportSummary,
    usage: "[--format json|markdown] [--output FILE] [ID]",
    options: [
      .value("--format", "FORMAT", L10n.Terminal.Help.exportFormat),
      .value("--output", "FILE", L10n.Terminal.Help.exportOutput),
    ], arguments: 0...1, argumentName: L10n.Terminal.Help.argumentConversationID)

  static let importCommand = CommandSpec(
    "import", summary: L10n.Terminal.Help.importSummary, usage: "[--json] FILE",
    options: [.flag("--json", L10n.Terminal.Help.printJSON)], arguments: 1...1,
    argumentName: L10n.Terminal.Help.argumentFile)

  static let config = CommandSpec(
    "config", summary: L10n.Terminal.Help.configSummary, usage: "[--json]",
    options: [.flag("--json", L10n.Terminal.Help.printJSON)])

  static let doctor = CommandSpec(
    "doctor", summary: L10n.Terminal.Help.doctorSummary, usage: "[--json]",
    options: [.flag("--json", L10n.Terminal.Help.printJSON)])

  static let login = CommandSpec(
    "login", summary: L10n.Terminal.Help.loginSummary,
    usage: "[--email ADDRESS] [--password-stdin]",
    options: [
      .value("--email", "ADDRESS", L10n.Terminal.Help.emailOption),
      .flag("--password-stdin", L10n.Terminal.Help.passwordStdin),
    ])

  static let signup = CommandSpec(
    "signup", summary: L10n.Terminal.Help.signupSummary,
    usage: "[--email ADDRESS] [--password-stdin]",
    options: login.options)

  static let logout = CommandSpec("logout", summary: L10n.Terminal.Help.logoutSummary)

  static let whoami = CommandSpec(
    "whoami", summary: L10n.Terminal.Help.whoamiSummary, usage: "[--json]",
    options: [.flag("--json", L10n.Terminal.Help.printJSON)])

  static let resetPassword = CommandSpec(
    "reset-password", summary: L10n.Terminal.Help.resetPasswordSummary, usage: "[--email ADDRESS]",
    options: [.value("--email", "ADDRESS", L10n.Terminal.Help.emailOption)])

  static let subscription = CommandSpec(
    "subscription", summary: L10n.Terminal.Help.subscriptionSummary, usage: "[--json]",
    options: [.flag("--json", L10n.Terminal.Help.printJSON)])

  static let sync = CommandSpec(
    "sync", summary: L10n.Sync.text(.summary), usage: "[--json] [--adopt | --keep-local]",
    options: [
      .flag("--json", L10n.Terminal.Help.printJSON),
      .flag("--adopt", L10n.Sync.text(.adoptOption)),
      .flag("--keep-local", L10n.Sync.text(.keepLocalOption)),
    ])

  static let version = CommandSpec("version", summary: L10n.Terminal.Help.versionSummary)
  static let help = CommandSpec(
    "help", summary: L10n.Terminal.Help.helpSummary, usage: "[COMMAND]", arguments: 0...1,
    argumentName: L10n.Terminal.Help.argumentCommand)

  static let all: [CommandSpec] = [
    interactive, ask, chats, show, search, delete, export, importCommand, config, doctor, login,
    signup,
    logout, whoami, resetPassword, subscription, sync, version, help,
  ]

  static let parser = CommandLineParser(commands: all, defaultCommand: "chat")
}
