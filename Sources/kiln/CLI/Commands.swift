import Localization

/// Every `kiln` subcommand, in the order `kiln --help` lists them.
enum Commands {
  static let interactive = CommandSpec(
    "chat",
    summary:
      L10n.Terminal.chatSummary,
    usage: "[-c | --conversation ID] [--persona ID] [-m MODEL]",
    options: [
      .value("--conversation", aliases: ["--cid"], "ID", L10n.Terminal.chatConversation),
      .flag("--continue", short: "-c", L10n.Terminal.chatContinue),
      .value("--persona", "ID", L10n.Terminal.personaOption),
      .value("--model", short: "-m", "MODEL", L10n.Terminal.modelOption),
    ])

  static let ask = CommandSpec(
    "ask", summary: L10n.Terminal.askSummary,
    usage:
      "[--json | -x] [-c | --conversation ID] [--persona ID] [-m MODEL] [-s SYSTEM] "
      + "[-o NAME VALUE]... [--no-save] [TEXT...]",
    options: [
      .flag("--json", L10n.Terminal.askJSON),
      .value(
        "--conversation", aliases: ["--cid"], "ID",
        L10n.Terminal.askConversation),
      .flag("--continue", short: "-c", L10n.Terminal.askContinue),
      .value("--persona", "ID", L10n.Terminal.personaOption),
      .value("--model", short: "-m", "MODEL", L10n.Terminal.modelOption),
      .value(
        "--system", short: "-s", "SYSTEM",
        L10n.Terminal.askSystem),
      .pair(
        "--option", short: "-o", "NAME VALUE",
        L10n.Terminal.askOption),
      .flag("--no-save", L10n.Terminal.askNoSave),
      .flag("--extract", short: "-x", L10n.Terminal.askExtract),
    ], arguments: 0...Int.max, argumentName: "TEXT")

  static let chats = CommandSpec(
    "chats", summary: L10n.Terminal.chatsSummary, usage: "[--json] [--archived] [--limit N]",
    options: [
      .flag("--json", L10n.Terminal.printJSON), .flag("--archived", L10n.Terminal.chatsArchived),
      .value("--limit", short: "-n", "N", L10n.Terminal.chatsLimit),
    ])

  static let delete = CommandSpec(
    "delete", summary: L10n.Terminal.deleteSummary,
    usage: "[--yes] ID...",
    options: [.flag("--yes", short: "-y", L10n.Terminal.deleteYes)], arguments: 1...Int.max,
    argumentName: L10n.Terminal.argumentConversationID)

  static let show = CommandSpec(
    "show", summary: L10n.Terminal.showSummary, usage: "[--json] ID",
    options: [.flag("--json", L10n.Terminal.printJSON)], arguments: 1...1,
    argumentName: L10n.Terminal.argumentConversationID)

  static let search = CommandSpec(
    "search", summary: L10n.Terminal.searchSummary, usage: "[--json] QUERY...",
    options: [.flag("--json", L10n.Terminal.printJSON)], arguments: 1...Int.max,
    argumentName: L10n.Terminal.argumentQuery)

  static let export = CommandSpec(
    "export", summary: L10n.Terminal.exportSummary,
    usage: "[--format json|markdown] [--output FILE] [ID]",
    options: [
      .value("--format", "FORMAT", L10n.Terminal.exportFormat),
      .value("--output", "FILE", L10n.Terminal.exportOutput),
    ], arguments: 0...1, argumentName: L10n.Terminal.argumentConversationID)

  static let importCommand = CommandSpec(
    "import", summary: L10n.Terminal.importSummary, usage: "[--json] FILE",
    options: [.flag("--json", L10n.Terminal.printJSON)], arguments: 1...1,
    argumentName: L10n.Terminal.argumentFile)

  static let config = CommandSpec(
    "config", summary: L10n.Terminal.configSummary, usage: "[--json]",
    options: [.flag("--json", L10n.Terminal.printJSON)])

  static let doctor = CommandSpec(
    "doctor", summary: L10n.Terminal.doctorSummary, usage: "[--json]",
    options: [.flag("--json", L10n.Terminal.printJSON)])

  static let login = CommandSpec(
    "login", summary: L10n.Terminal.loginSummary,
    usage: "[--email ADDRESS] [--password-stdin]",
    options: [
      .value("--email", "ADDRESS", L10n.Terminal.emailOption),
      .flag("--password-stdin", L10n.Terminal.passwordStdin),
    ])

  static let signup = CommandSpec(
    "signup", summary: L10n.Terminal.signupSummary, usage: "[--email ADDRESS] [--password-stdin]",
    options: login.options)

  static let logout = CommandSpec("logout", summary: L10n.Terminal.logoutSummary)

  static let whoami = CommandSpec(
    "whoami", summary: L10n.Terminal.whoamiSummary, usage: "[--json]",
    options: [.flag("--json", L10n.Terminal.printJSON)])

  static let resetPassword = CommandSpec(
    "reset-password", summary: L10n.Terminal.resetPasswordSummary, usage: "[--email ADDRESS]",
    options: [.value("--email", "ADDRESS", L10n.Terminal.emailOption)])

  static let subscription = CommandSpec(
    "subscription", summary: L10n.Terminal.subscriptionSummary, usage: "[--json]",
    options: [.flag("--json", L10n.Terminal.printJSON)])

  static let version = CommandSpec("version", summary: L10n.Terminal.versionSummary)
  static let help = CommandSpec(
    "help", summary: L10n.Terminal.helpSummary, usage: "[COMMAND]", arguments: 0...1,
    argumentName: L10n.Terminal.argumentCommand)

  static let all: [CommandSpec] = [
    interactive, ask, chats, show, search, delete, export, importCommand, config, doctor, login,
    signup,
    logout, whoami, resetPassword, subscription, version, help,
  ]

  static let parser = CommandLineParser(commands: all, defaultCommand: "chat")
}
