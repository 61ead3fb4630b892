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
    case .quit: isQuitting = true
    case .newConversation, .chats, .rename, .delete, .pin, .unpin, .archive, .unarchive, .search,
      .persona, .model, .memory, .help, .theme, .settings, .upgrade, .restore, .login, .logout,
      .deleteAccount, .whoami, .sync, .retry, .edit, .regenerate, .versions, .copy, .export, .usage:
      return
    }
  }
}
