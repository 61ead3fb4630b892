import Core
import Localization

extension SlashCommand {
  /// Parses a line that starts with "/".
  /// - Throws: `SlashCommandError` naming the closest command for an unknown one, or the
  ///   right usage for arguments of the wrong shape.
  static func parse(_ line: String) throws(SlashCommandError) -> SlashCommand {
    let body = line.drop { $0.isWhitespace }.dropFirst()
    let name = String(body.prefix { !$0.isWhitespace })
    let rest = trimmed(body.dropFirst(name.count))
    guard !name.isEmpty else {
      throw SlashCommandError(L10n.Session.CommandLine.typeCommandAfterSlash)
    }
    guard let spec = SlashCommandCatalogue.spec(named: name) else {
      let suggestion = name.lowercased().closestMatch(
        in: SlashCommandCatalogue.allNames, maximumDistance: name.count <= 2 ? 1 : 2)
      let message =
        suggestion.map { L10n.Session.CommandLine.unknownCommandSuggesting(name, $0) }
        ?? L10n.Session.CommandLine.unknownCommand(name)
      throw SlashCommandError(message, suggestion: suggestion)
    }
    return try parse(spec, arguments: rest)
  }

  private static func parse(
    _ spec: SlashCommandSpec, arguments rest: String
  ) throws(SlashCommandError) -> SlashCommand {
    let words = rest.split(whereSeparator: \.isWhitespace).map(String.init)
    let optional = words.isEmpty ? nil : rest
    switch spec.name {
    case "new":
      try atMost(1, words, spec)
      return .newConversation(persona: words.first)
    case "chats":
      guard words.isEmpty || (words.count == 1 && ["archived", "all"].contains(words[0])) else {
        throw usage(spec, L10n.Session.CommandLine.chatsUsage)
      }
      return .chats(includeArchived: !words.isEmpty)
    case "open":
      guard words.count == 1 else {
        throw usage(
          spec,
          words.isEmpty
            ? L10n.Session.CommandLine.openNeedsReference
            : L10n.Session.CommandLine.openTakesOne(words.count))
      }
      return .open(ConversationReference(words[0]))
    case "rename":
      guard let title = optional else {
        throw usage(spec, L10n.Session.CommandLine.renameNeedsTitle)
      }
      return .rename(title)
    case "delete", "pin", "unpin", "archive", "unarchive":
      try atMost(1, words, spec)
      return reference(spec.name, words.first.map(ConversationReference.init))
    case "search":
      guard let query = optional else {
        throw usage(spec, L10n.Session.CommandLine.searchNeedsQuery)
      }
      return .search(query)
    case "persona": return try single(spec, words) { .persona($0) }
    case "model": return try single(spec, words) { .model($0) }
    case "theme": return try single(spec, words) { .theme($0) }
    case "memory": return .memory(try memoryAction(spec, words: words, rest: rest))
    case "edit": return .edit(try number(spec, words))
    case "versions": return .versions(try number(spec, words))
    case "upgrade": return .upgrade(try number(spec, words))
    case "export": return try export(spec, words: words, rest: rest)
    case "settings":
      guard let name = words.first else { return .settings(name: nil, value: nil) }
      let value = trimmed(rest.dropFirst(name.count))
      return .settings(name: name, value: value.isEmpty ? nil : value)
    case "login":
      try atMost(1, words, spec)
      return .login(email: words.first)
    case "help":
      try atMost(1, words, spec)
      return .help(words.first.map { String($0.drop { $0 == "/" }) })
    default:
      guard words.isEmpty else { throw usage(spec, L10n.Session.CommandLine.takesNoArguments) }
      return try noArgument(spec.name)
    }
  }

  private static func noArgument(_ name: String) throws(SlashCommandError) -> SlashCommand {
    switch name {
    case "retry": return .retry
    case "regen": return .regenerate
    case "copy": return .copy
    case "usage": return .usage
    case "restore": return .restore
    case "logout": return .logout
    case "delete-account": return .deleteAccount
    case "whoami": return .whoami
    case "sync": return .sync
    case "quit": return .quit
    default: throw SlashCommandError(L10n.Session.CommandLine.notAvailable(name))
    }
  }

  private static func reference(
    _ name: String, _ reference: ConversationReference?
  )
    -> SlashCommand
  {
    switch name {
    case "delete": return .delete(reference)
    case "pin": return .pin(reference)
    case "unpin": return .unpin(reference)
    case "archive": return .archive(reference)
    default: return .unarchive(reference)
    }
  }

  private static func memoryAction(
    _ spec: SlashCommandSpec, words: [String], rest: String
  ) throws(SlashCommandError) -> MemoryAction {
    guard let action = words.first?.lowercased(), action != "list" || words.count > 1 else {
      return .list
    }
    let afterAction = trimmed(rest.dropFirst(words[0].count))
    switch action {
    case "add", "remember":
      guard !afterAction.isEmpty else {
        throw usage(spec, L10n.Session.CommandLine.memoryAddNeedsText)
      }
      return .add(afterAction)
    case "edit":
      guard words.count >= 3, let index = Int(words[1]), index > 0 else {
        throw usage(spec, L10n.Session.CommandLine.memoryEditNeedsText)
      }
      return .edit(index, trimmed(afterAction.dropFirst(words[1].count)))
    case "delete", "forget", "remove", "rm":
      guard words.count == 2, let index = Int(words[1]), index > 0 else {
        throw usage(spec, L10n.Session.CommandLine.memoryDeleteNeedsNumber)
      }
      return .delete(index)
    default:
      throw usage(spec, L10n.Session.CommandLine.memoryUsage)
    }
  }

  private static func export(
    _ spec: SlashCommandSpec, words: [String], rest: String
  ) throws(SlashCommandError) -> SlashCommand {
    var format = ExportFormat.markdown
    var file = rest
    if let first = words.first?.lowercased() {
      switch first {
      case "json": format = .json
      case "markdown", "md": format = .markdown
      default: break
      }
      if ["json", "markdown", "md"].contains(first) {
        file = trimmed(rest.dropFirst(words[0].count))
      }
    }
    return .export(format: format, file: file.isEmpty ? nil : file)
  }

  private static func single(
    _ spec: SlashCommandSpec, _ words: [String], _ make: (String?) -> SlashCommand
  ) throws(SlashCommandError) -> SlashCommand {
    try atMost(1, words, spec)
    return make(words.first)
  }

  private static func number(
    _ spec: SlashCommandSpec, _ words: [String]
  ) throws(SlashCommandError) -> Int? {
    try atMost(1, words, spec)
    guard let word = words.first else { return nil }
    guard let value = Int(word), value > 0 else {
      throw usage(spec, L10n.Session.CommandLine.numberFromOne(word))
    }
    return value
  }

  private static func atMost(
    _ count: Int, _ words: [String], _ spec: SlashCommandSpec
  ) throws(SlashCommandError) {
    guard words.count > count else { return }
    throw usage(
      spec,
      count == 0
        ? L10n.Session.CommandLine.takesNoArguments : L10n.Session.CommandLine.takesOneArgument)
  }

  private static func usage(_ spec: SlashCommandSpec, _ problem: String) -> SlashCommandError {
    SlashCommandError(L10n.Session.CommandLine.usageProblem(spec.name, problem, spec.usage))
  }

  private static func trimmed(_ text: Substring) -> String {
    String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }

  private static func trimmed(_ text: String) -> String {
    trimmed(text[...])
  }
}
