/// One capability's slash commands: a type that owns only the state those commands need and
/// takes only the services they use.
///
/// The session's loop offers each parsed command to its handlers in turn; the first that
/// knows it runs it. Adding a command is a case in `SlashCommand` (with its parsing and its
/// `SlashCommandCatalogue` entry) and a branch in the one handler that owns it.
@MainActor
protocol SlashCommandHandler: AnyObject {
  /// Runs `command` when it is one of this handler's; returns whether it was.
  func run(_ command: SlashCommand) async -> Bool
}
