/// One slash command as `/help` lists it.
struct SlashCommandSpec: Equatable, Sendable {
  /// Where `/help` lists it.
  enum Group: String, CaseIterable, Sendable {
    case conversations = "Conversations"
    case messages = "Messages"
    case assistant = "Personas, models and memory"
    case account = "Account, plan and look"
    case session = "Session"
  }

  /// The name without the slash.
  let name: String
  /// Other names that run it.
  let aliases: [String]
  /// The arguments, as `/help` shows them (`TITLE`, `[N]`).
  let arguments: String
  /// What it does, in a few words.
  let summary: String
  /// Its group in `/help`.
  let group: Group

  init(
    _ name: String, _ arguments: String = "", _ summary: String, group: Group,
    aliases: [String] = []
  ) {
    self.name = name
    self.aliases = aliases
    self.arguments = arguments
    self.summary = summary
    self.group = group
  }

  /// `/name ARGUMENTS`.
  var usage: String { arguments.isEmpty ? "/\(name)" : "/\(name) \(arguments)" }
}

/// Every slash command, in the order `/help` lists them.
enum SlashCommandCatalogue {
  static let all: [SlashCommandSpec] = [
    SlashCommandSpec("new", "[PERSONA]", "start a new conversation", group: .conversations),
    SlashCommandSpec(
      "chats", "[archived]", "list conversations (pinned first)", group: .conversations,
      aliases: ["list"]),
    SlashCommandSpec(
      "open", "N|ID", "switch to conversation N of the list, or by id", group: .conversations),
    SlashCommandSpec("rename", "TITLE", "rename this conversation", group: .conversations),
    SlashCommandSpec(
      "delete", "[N|ID]", "delete this (or another) conversation", group: .conversations),
    SlashCommandSpec("pin", "[N|ID]", "pin a conversation to the top", group: .conversations),
    SlashCommandSpec("unpin", "[N|ID]", "unpin a conversation", group: .conversations),
    SlashCommandSpec("archive", "[N|ID]", "hide a conversation from /chats", group: .conversations),
    SlashCommandSpec("unarchive", "[N|ID]", "bring an archived one back", group: .conversations),
    SlashCommandSpec(
      "search", "QUERY", "search titles and every message", group: .conversations,
      aliases: ["find"]),
    SlashCommandSpec("retry", "", "ask again after a failed or stopped reply", group: .messages),
    SlashCommandSpec(
      "edit", "[N]", "edit your last (or Nth) message and resend it", group: .messages),
    SlashCommandSpec(
      "regen", "", "write a new version of the last reply", group: .messages,
      aliases: ["regenerate"]),
    SlashCommandSpec(
      "versions", "[N]", "list versions of the last reply, or show version N",
      group: .messages),
    SlashCommandSpec("copy", "", "print the last reply as plain text", group: .messages),
    SlashCommandSpec(
      "export", "[json|markdown] [FILE]", "save this conversation to a file", group: .messages),
    SlashCommandSpec(
      "usage", "", "tokens, models and free messages used", group: .messages),
    SlashCommandSpec(
      "persona", "[ID]", "list personas, or pick one for new conversations",
      group: .assistant),
    SlashCommandSpec("model", "[ID]", "list models, or pick one", group: .assistant),
    SlashCommandSpec(
      "memory", "[add|edit|delete]",
      "what the assistant remembers: add TEXT, edit N TEXT, delete N",
      group: .assistant, aliases: ["memories"]),
    SlashCommandSpec("theme", "[NAME]", "list themes, or pick one", group: .account),
    SlashCommandSpec(
      "settings", "[NAME [VALUE]]", "show every setting, or change one (it is kept)",
      group: .account),
    SlashCommandSpec(
      "upgrade", "[N]", "see Kiln Pro plans, or buy plan N", group: .account,
      aliases: ["paywall", "subscribe"]),
    SlashCommandSpec("restore", "", "restore purchases", group: .account),
    SlashCommandSpec(
      "login", "[EMAIL]", "sign in with e-mail and password", group: .account,
      aliases: ["signin"]),
    SlashCommandSpec("logout", "", "sign out", group: .account, aliases: ["signout"]),
    SlashCommandSpec(
      "delete-account", "", "delete your account, chats and memories (asks first)",
      group: .account),
    SlashCommandSpec("whoami", "", "who is signed in, and the plan", group: .account),
    SlashCommandSpec("help", "[COMMAND]", "this list, or one command", group: .session),
    SlashCommandSpec("quit", "", "leave Kiln (also Ctrl-D)", group: .session, aliases: ["exit"]),
  ]

  /// The command called `name` (without the slash), by name or alias.
  static func spec(named name: String) -> SlashCommandSpec? {
    let name = name.lowercased()
    return all.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// Every name and alias, for suggestions.
  static var allNames: [String] {
    all.flatMap { [$0.name] + $0.aliases }
  }

  /// Completions for Tab: full replacements for `text` (the line before the cursor).
  static func completions(
    for text: String, themes: [String], personas: [String], models: [String]
  )
    -> [String]
  {
    guard text.hasPrefix("/") else { return [] }
    guard let space = text.firstIndex(of: " ") else {
      return all.map { "/" + $0.name }.filter { $0.hasPrefix(text.lowercased()) }
    }
    let command = String(text[text.index(after: text.startIndex)..<space]).lowercased()
    let values: [String]
    switch spec(named: command)?.name {
    case "theme": values = themes
    case "persona", "new": values = personas
    case "model": values = models
    case "export": values = ["markdown", "json"]
    case "memory": values = ["add", "edit", "delete"]
    case "chats": values = ["archived"]
    case "settings": values = SessionSetting.allCases.map(\.rawValue)
    case "help": values = all.map(\.name)
    default: values = []
    }
    let head = String(text[...space])
    return values.map { head + $0 }.filter { $0.hasPrefix(text) }
  }
}
