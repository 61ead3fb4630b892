import AppComposition

/// The interactive chat (a terminal on both ends).
enum InteractiveCommand {
  @MainActor
  static func run(_ context: CommandContext, _ dependencies: AppDependencies) async -> ExitStatus {
    context.console.error("kiln: the interactive chat is being built; use kiln ask for now.\n")
    return .failure
  }
}
