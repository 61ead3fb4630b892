import TerminalUI

extension InteractiveSession {
  /// Runs one parsed slash command.
  func run(_ command: SlashCommand) async {
    for handler in handlers where await handler.run(command) { return }
    switch command {
    case .open(let reference):
      guard let stored = await conversationsHandler.target(reference, for: "open") else {
        return
      }
      await open(stored.id, showing: 6)
    case .retry: await retry()
    case .edit(let number): await edit(number)
    case .regenerate: await regenerate()
    case .versions(let number): await showVersions(number)
    case .copy: copyLastReply()
    case .export(let format, let file): await export(format: format, file: file)
    case .usage: await showUsage()
    case .quit: isQuitting = true
    case .newConversation, .chats, .rename, .delete, .pin, .unpin, .archive, .unarchive, .search,
      .persona, .model, .memory, .help, .theme, .settings, .upgrade, .restore, .login, .logout,
      .deleteAccount, .whoami:
      return
    }
  }
}
