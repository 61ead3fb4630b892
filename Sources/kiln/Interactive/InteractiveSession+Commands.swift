import TerminalUI

extension InteractiveSession {
  /// Runs one parsed slash command.
  func run(_ command: SlashCommand) async {
    for handler in handlers where await handler.run(command) { return }
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
    case .retry: await retry()
    case .edit(let number): await edit(number)
    case .regenerate: await regenerate()
    case .versions(let number): await showVersions(number)
    case .copy: copyLastReply()
    case .export(let format, let file): await export(format: format, file: file)
    case .usage: await showUsage()
    case .quit: isQuitting = true
    case .persona, .model, .memory, .help, .theme, .settings, .upgrade, .restore, .login, .logout,
      .deleteAccount, .whoami:
      return
    }
  }
}
