import AppComposition
import Foundation
import Localization
import Storage

/// `kiln delete ID...`: deletes conversations and their messages. Every id is resolved
/// before anything is deleted (a typo in the third id deletes nothing), and it asks first
/// unless `--yes` is given.
enum DeleteCommand {
  @MainActor
  static func run(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    var chosen: [ConversationDTO] = []
    for text in context.command.arguments {
      let conversation = try await ConversationLookup.find(text, in: dependencies)
      if !chosen.contains(where: { $0.id == conversation.id }) { chosen.append(conversation) }
    }
    if !context.command.has("--yes") {
      for conversation in chosen {
        context.console.error(Row.line(for: conversation) + "\n")
      }
      context.console.error(
        (chosen.count == 1
          ? L10n.Terminal.Commands.deleteThisConversation
          : L10n.Terminal.Commands.deleteTheseConversations(chosen.count)) + " ")
      let answer = context.console.readInputLine()?.trimmingCharacters(in: .whitespaces)
      guard let answer, ConfirmationAnswer.isYes(answer) else {
        if answer == nil { context.console.error("\n") }
        context.console.error("kiln: \(L10n.Terminal.Commands.nothingDeleted)\n")
        return .failure
      }
    }
    for conversation in chosen {
      try await dependencies.conversations.delete(id: conversation.id)
    }
    context.console.error(
      (chosen.count == 1
        ? L10n.Terminal.Commands.deletedOne : L10n.Terminal.Commands.deletedMany(chosen.count))
        + "\n")
    return .success
  }
}
