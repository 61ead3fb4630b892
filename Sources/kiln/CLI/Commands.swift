/// Every `kiln` subcommand, in the order `kiln --help` lists them.
enum Commands {
  static let interactive = CommandSpec(
    "chat",
    summary:
      "open the chat (the default); piped, each input line is a message or /command",
    usage: "[-c | --conversation ID] [--persona ID] [-m MODEL]",
    options: [
      .value("--conversation", aliases: ["--cid"], "ID", "continue this conversation"),
      .flag("--continue", short: "-c", "continue the most recent conversation"),
      .value("--persona", "ID", "persona for a new conversation"),
      .value("--model", short: "-m", "MODEL", "model to use"),
    ])

  static let ask = CommandSpec(
    "ask", summary: "send one message and print the reply (piped stdin is sent after TEXT)",
    usage:
      "[--json | -x] [-c | --conversation ID] [--persona ID] [-m MODEL] [-s SYSTEM] "
      + "[-o NAME VALUE]... [--no-save] [TEXT...]",
    options: [
      .flag("--json", "print one JSON object when the reply ends"),
      .value(
        "--conversation", aliases: ["--cid"], "ID",
        "add to this conversation instead of a new one"),
      .flag("--continue", short: "-c", "add to the most recent conversation"),
      .value("--persona", "ID", "persona for a new conversation"),
      .value("--model", short: "-m", "MODEL", "model to use"),
      .value(
        "--system", short: "-s", "SYSTEM",
        "system prompt for this message instead of the persona's (direct providers)"),
      .pair(
        "--option", short: "-o", "NAME VALUE",
        "temperature (0-2), top_p (0-1) or max_tokens for this message; repeatable"),
      .flag("--no-save", "print the reply without keeping the message or the reply"),
      .flag("--extract", short: "-x", "print only the reply's first fenced code block"),
    ], arguments: 0...Int.max, argumentName: "TEXT")

  static let chats = CommandSpec(
    "chats", summary: "list conversations", usage: "[--json] [--archived] [--limit N]",
    options: [
      .flag("--json", "print JSON"), .flag("--archived", "include archived conversations"),
      .value("--limit", short: "-n", "N", "list only the first N conversations"),
    ])

  static let delete = CommandSpec(
    "delete", summary: "delete conversations (asks first unless --yes)",
    usage: "[--yes] ID...",
    options: [.flag("--yes", short: "-y", "delete without asking")], arguments: 1...Int.max,
    argumentName: "a conversation ID")

  static let show = CommandSpec(
    "show", summary: "print a conversation", usage: "[--json] ID",
    options: [.flag("--json", "print JSON")], arguments: 1...1, argumentName: "a conversation ID")

  static let search = CommandSpec(
    "search", summary: "search conversation titles and every message", usage: "[--json] QUERY...",
    options: [.flag("--json", "print JSON")], arguments: 1...Int.max, argumentName: "a QUERY")

  static let export = CommandSpec(
    "export", summary: "export conversations as JSON, or one as Markdown",
    usage: "[--format json|markdown] [--output FILE] [ID]",
    options: [
      .value("--format", "FORMAT", "json (default) or markdown"),
      .value("--output", "FILE", "write to FILE instead of standard output"),
    ], arguments: 0...1, argumentName: "a conversation ID")

  static let importCommand = CommandSpec(
    "import", summary: "import conversations exported as JSON", usage: "[--json] FILE",
    options: [.flag("--json", "print JSON")], arguments: 1...1, argumentName: "a FILE")

  static let config = CommandSpec(
    "config", summary: "show the effective configuration (secrets redacted)", usage: "[--json]",
    options: [.flag("--json", "print JSON")])

  static let doctor = CommandSpec(
    "doctor", summary: "check configuration, database and the AI provider", usage: "[--json]",
    options: [.flag("--json", "print JSON")])

  static let login = CommandSpec(
    "login", summary: "sign in with e-mail and password",
    usage: "[--email ADDRESS] [--password-stdin]",
    options: [
      .value("--email", "ADDRESS", "e-mail address (asked for when missing)"),
      .flag("--password-stdin", "read the password from standard input"),
    ])

  static let signup = CommandSpec(
    "signup", summary: "create an account", usage: "[--email ADDRESS] [--password-stdin]",
    options: login.options)

  static let logout = CommandSpec("logout", summary: "sign out")

  static let whoami = CommandSpec(
    "whoami", summary: "show the signed-in account", usage: "[--json]",
    options: [.flag("--json", "print JSON")])

  static let resetPassword = CommandSpec(
    "reset-password", summary: "e-mail a password-reset link", usage: "[--email ADDRESS]",
    options: [.value("--email", "ADDRESS", "e-mail address (asked for when missing)")])

  static let subscription = CommandSpec(
    "subscription", summary: "show the subscription", usage: "[--json]",
    options: [.flag("--json", "print JSON")])

  static let version = CommandSpec("version", summary: "print the version")
  static let help = CommandSpec(
    "help", summary: "show help for a command", usage: "[COMMAND]", arguments: 0...1,
    argumentName: "a COMMAND")

  static let all: [CommandSpec] = [
    interactive, ask, chats, show, search, delete, export, importCommand, config, doctor, login,
    signup,
    logout, whoami, resetPassword, subscription, version, help,
  ]

  static let parser = CommandLineParser(commands: all, defaultCommand: "chat")
}
