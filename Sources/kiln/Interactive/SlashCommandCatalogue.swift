import Localization

/// One slash command as `/help` lists it.
struct SlashCommandSpec: Equatable, Sendable {
  /// Where `/help` lists it.
  enum Group: String, CaseIterable, Sendable {
    case conversations = "Conversations"
    case messages = "Messages"
    case assistant = "Personas, models and memory"
    case account = "Account, plan and look"
    case session = "Session"

    /// The heading `/help` shows, in the interface language.
    var title: String {
      switch self {
      case .conversations: return L10n.Session.Help.groupConversations
      case .messages: return L10n.Session.Help.groupMessages
      case .assistant: return L10n.Session.Help.groupAssistant
      case .account: return L10n.Session.Help.groupAccount
      case .session: return L10n.Session.Help.groupSession
      }
    }
  }

  /// The name without the slash.
  let name: String
  /// Other names that run it.
  let aliases: [String]
  /// The arguments, as `/help` shows them (`TITLE`, `[N]`).
  let arguments: String
  private let summaryText: @Sendable () -> String
  /// What it does, in a few words, in the interface language.
  var summary: String { summaryText() }
  /// Its group in `/help`.
  let group: Group

  init(
    _ name: String, _ arguments: String = "",
    _ summary: @autoclosure @escaping @Sendable () -> String, group: Group,
    aliases: [String] = []
  ) {
    self.name = name
    self.aliases = aliases
    self.arguments = arguments
    summaryText = summary
    self.group = group
  }

  /// The same command: the name says which, whatever language its summary is in.
  static func == (left: SlashCommandSpec, right: SlashCommandSpec) -> Bool {
    left.name == right.name && left.aliases == right.aliases && left.arguments == right.arguments
      && left.group == right.group
  }

  /// `/name ARGUMENTS`.
  var usage: String { arguments.isEmpty ? "/\(name)" : "/\(name) \(arguments)" }
}

/// Every slash command, in the order `/help` lists them.
enum SlashCommandCatalogue {
  static let all: [SlashCommandSpec] = [
    SlashCommandSpec("new", "[PERSONA]", L10n.Session.Help.helpNew, group: .conversations),
    SlashCommandSpec(
      "chats", "[archived]", L10n.Session.Help.helpChats, group: .conversations,
      aliases: ["list"]),
    SlashCommandSpec(
      "open", "N|ID", L10n.Session.Help.helpOpen, group: .conversations),
    SlashCommandSpec("rename", "TITLE", L10n.Session.Help.helpRename, group: .conversations),
    SlashCommandSpec(
      "delete", "[N|ID]", L10n.Session.Help.helpDelete, group: .conversations),
    SlashCommandSpec("pin", "[N|ID]", L10n.Session.Help.helpPin, group: .conversations),
    SlashCommandSpec("unpin", "[N|ID]", L10n.Session.Help.helpUnpin, group: .conversations),
    SlashCommandSpec("archive", "[N|ID]", L10n.Session.Help.helpArchive, group: .conversations),
    SlashCommandSpec("unarchive", "[N|ID]", L10n.Session.Help.helpUnarchive, group: .conversations),
    SlashCommandSpec(
      "search", "QUERY", L10n.Session.Help.helpSearch, group: .conversations,
      aliases: ["find"]),
    SlashCommandSpec("retry", "", L10n.Session.Help.helpRetry, group: .messages),
    SlashCommandSpec(
      "edit", "[N]", L10n.Session.Help.helpEdit, group: .messages),
    SlashCommandSpec(
      "regen", "", L10n.Session.Help.helpRegen, group: .messages,
      aliases: ["regenerate"]),
    SlashCommandSpec(
      "versions", "[N]", L10n.Session.Help.helpVersions,
      group: .messages),
    SlashCommandSpec("copy", "", L10n.Session.Help.helpCopy, group: .messages),
    SlashCommandSpec(
      "export", "[json|markdown] [FILE]", L10n.Session.Help.helpExport, group: .messages),
    SlashCommandSpec(
      "usage", "", L10n.Session.Help.helpUsage, group: .messages),
    SlashCommandSpec(
      "persona", "[ID]", L10n.Session.Help.helpPersona,
      group: .assistant),
    SlashCommandSpec("model", "[ID]", L10n.Session.Help.helpModel, group: .assistant),
    SlashCommandSpec(
      "memory", "[add|edit|delete]",
      L10n.Session.Help.helpMemory,
      group: .assistant, aliases: ["memories"]),
    SlashCommandSpec("theme", "[NAME]", L10n.Session.Help.helpTheme, group: .account),
    SlashCommandSpec(
      "settings", "[NAME [VALUE]]", L10n.Session.Help.helpSettings,
      group: .account),
    SlashCommandSpec(
      "upgrade", "[N]", L10n.Session.Help.helpUpgrade, group: .account,
      aliases: ["paywall", "subscribe"]),
    SlashCommandSpec("restore", "", L10n.Session.Help.helpRestore, group: .account),
    SlashCommandSpec(
      "login", "[EMAIL]", L10n.Session.Help.helpLogin, group: .account,
      aliases: ["signin"]),
    SlashCommandSpec(
      "logout", "", L10n.Session.Help.helpLogout, group: .account, aliases: ["signout"]),
    SlashCommandSpec(
      "delete-account", "", L10n.Session.Help.helpDeleteAccount,
      group: .account),
    SlashCommandSpec("whoami", "", L10n.Session.Help.helpWhoami, group: .account),
    SlashCommandSpec("sync", "", L10n.Sync.text(.helpSync), group: .account),
    SlashCommandSpec("help", "[COMMAND]", L10n.Session.Help.helpHelp, group: .session),
    SlashCommandSpec("quit", "", L10n.Session.Help.helpQuit, group: .session, aliases: ["exit"]),
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
