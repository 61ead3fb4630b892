import TerminalUI

extension InteractiveSession {
  /// Runs one parsed slash command.
  func run(_ command: SlashCommand) async {
    switch command {
    case .newConversation(let persona): newConversation(personaID: persona)
    case .chats(let archived): await listChats(includeArchived: archived)
    case .open(let reference):
      guard let stored = await target(reference, for: "open") else { return }
      await open(stored.id, showing: 6)
    case .rename(let title): await rename(to: title)
    case .delete(let reference): await delete(reference)
    case .pin(let reference): await setPinned(reference, true)
    case .unpin(let reference): await setPinned(reference, false)
    case .archive(let reference): await setArchived(reference, true)
    case .unarchive(let reference): await setArchived(reference, false)
    case .search(let query): await search(query)
    case .persona(let id): choosePersona(id)
    case .model(let id): chooseModel(id)
    case .memory(let action): await memory(action)
    case .retry: await retry()
    case .edit(let number): await edit(number)
    case .regenerate: await regenerate()
    case .versions(let number): await showVersions(number)
    case .copy: copyLastReply()
    case .export(let format, let file): await export(format: format, file: file)
    case .theme(let name): await chooseTheme(name)
    case .usage: await showUsage()
    case .settings(let name, let value): await settings(name: name, value: value)
    case .upgrade(let number): await upgrade(number)
    case .restore: await restorePurchases()
    case .login(let email): await login(email: email)
    case .logout: await logout()
    case .deleteAccount: await deleteAccount()
    case .whoami: await whoami()
    case .help(let topic): showHelp(topic)
    case .quit: isQuitting = true
    }
  }

  func showHelp(_ topic: String?) {
    if let topic {
      guard let spec = SlashCommandCatalogue.spec(named: topic) else {
        let suggestion = topic.closestMatch(in: SlashCommandCatalogue.allNames, maximumDistance: 2)
        problem("There is no /\(topic).\(suggestion.map { " Did you mean /\($0)?" } ?? "")")
        return
      }
      say(spec.usage, theme.accent.adding(.bold))
      say("  " + spec.summary)
      if !spec.aliases.isEmpty {
        hint("  also: " + spec.aliases.map { "/" + $0 }.joined(separator: ", "))
      }
      return
    }
    let width = (SlashCommandCatalogue.all.map(\.usage.count).max() ?? 20) + 2
    for group in SlashCommandSpec.Group.allCases {
      say(group.rawValue, theme.heading)
      for spec in SlashCommandCatalogue.all where spec.group == group {
        let usage = spec.usage.padding(toLength: width, withPad: " ", startingAt: 0)
        say(StyledText("  " + usage, style: theme.accent) + StyledText(spec.summary), cut: true)
      }
    }
    say("Keys", theme.heading)
    for line in Self.keyHelp { say("  " + line, theme.dim) }
  }

  static let keyHelp = [
    "Enter sends · Alt-Enter starts a new line · Up/Down browse what you typed · Tab completes",
    "Ctrl-A/E start/end · Ctrl-K/U cut to end/start · Ctrl-W cut a word · Ctrl-Y paste it back",
    "Ctrl-C stops a reply (on an empty line twice: quit) · Esc keeps a reply going in the "
      + "background",
    "Ctrl-D quits · Ctrl-L clears the screen · //text sends a message that starts with /",
  ]
}
