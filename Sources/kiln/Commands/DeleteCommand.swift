import AppComposition
import Foundation
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
      let what = chosen.count == 1 ? "this conversation" : "these \(chosen.count) conversations"
      context.console.error("Delete \(what) and every message in them? [y/N] ")
      let answer = context.console.readInputLine()?.trimmingCharacters(in: .whitespaces)
      guard let answer, ["y", "yes"].contains(answer.lowercased()) else {
        if answer == nil { context.console.error("\n") }
        context.console.error("kiln: nothing deleted (pass --yes to delete without asking).\n")
        return .failure
      }
    }
    for conversation in chosen {
      try await dependencies.conversations.delete(id: conversation.id)
    }
    let noun = chosen.count == 1 ? "conversation" : "conversations"
    context.console.error("Deleted \(chosen.count) \(noun).\n")
    return .success
  }
}
