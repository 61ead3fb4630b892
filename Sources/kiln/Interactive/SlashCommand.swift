/// A line typed at the chat prompt that starts with "/", parsed into what to do.
///
/// Parsing is pure: it checks the shape of the arguments (a number where a number belongs,
/// text where text is needed) and leaves everything that needs the app's data (does the
/// persona exist, which conversation is number 3) to the session that runs the command.
enum SlashCommand: Equatable, Sendable {
  /// `/new [persona]`: start a new conversation, optionally with another persona.
  case newConversation(persona: String?)
  /// `/chats [archived]`: list conversations.
  case chats(includeArchived: Bool)
  /// `/open N|ID`: switch to a conversation.
  case open(ConversationReference)
  /// `/rename TITLE`: rename the current conversation.
  case rename(String)
  /// `/delete [N|ID]`: delete a conversation after confirmation.
  case delete(ConversationReference?)
  /// `/pin [N|ID]`.
  case pin(ConversationReference?)
  /// `/unpin [N|ID]`.
  case unpin(ConversationReference?)
  /// `/archive [N|ID]`.
  case archive(ConversationReference?)
  /// `/unarchive [N|ID]`.
  case unarchive(ConversationReference?)
  /// `/search QUERY`: titles and message text.
  case search(String)
  /// `/persona [ID]`: list personas or pick one for new conversations.
  case persona(String?)
  /// `/model [ID]`: list models or pick one.
  case model(String?)
  /// `/memory …`: remembered facts.
  case memory(MemoryAction)
  /// `/retry`: ask again where the last reply failed or was stopped.
  case retry
  /// `/edit [N]`: edit the last (or Nth) message you sent and send it again.
  case edit(Int?)
  /// `/regen`: a new version of the last reply.
  case regenerate
  /// `/versions [N]`: list the versions of the last reply, or show version N.
  case versions(Int?)
  /// `/copy`: print the last reply's text as it was written.
  case copy
  /// `/export [json|markdown] [FILE]`.
  case export(format: ExportFormat, file: String?)
  /// `/theme [NAME]`: list themes or pick one.
  case theme(String?)
  /// `/usage`: tokens, models and free messages.
  case usage
  /// `/settings [NAME [VALUE]]`: show or change settings.
  case settings(name: String?, value: String?)
  /// `/upgrade [N]`: show the plans, or buy plan N.
  case upgrade(Int?)
  /// `/restore`: restore purchases.
  case restore
  /// `/login [EMAIL]`: sign in.
  case login(email: String?)
  /// `/logout`: sign out.
  case logout
  /// `/delete-account`: delete the account after confirmation.
  case deleteAccount
  /// `/whoami`: the signed-in account and subscription.
  case whoami
  /// `/sync`: sync's state, and the question about foreign changes.
  case sync
  /// `/help [COMMAND]`.
  case help(String?)
  /// `/quit` or `/exit`.
  case quit

  /// What `/memory` does.
  enum MemoryAction: Equatable, Sendable {
    /// List the facts, numbered.
    case list
    /// Remember a new fact.
    case add(String)
    /// Replace fact N.
    case edit(Int, String)
    /// Forget fact N.
    case delete(Int)
  }

  /// The formats `/export` writes.
  enum ExportFormat: String, Equatable, Sendable {
    case markdown
    case json

    /// The file name extension.
    var fileExtension: String { self == .markdown ? "md" : "json" }
  }
}

/// A conversation named on the command line: a number from the last list, or (a prefix of)
/// its identifier.
enum ConversationReference: Equatable, Sendable {
  /// The Nth row (1-based) of the last `/chats` or `/search` list.
  case number(Int)
  /// A full identifier or a unique prefix of one (at least 4 characters).
  case identifier(String)

  /// A reference from what the user typed: up to three digits are a list number, anything
  /// else an identifier.
  init(_ text: String) {
    if text.count <= 3, let number = Int(text), number > 0 {
      self = .number(number)
    } else {
      self = .identifier(text)
    }
  }
}

/// Why a slash command could not be parsed; the message says how to fix it.
struct SlashCommandError: Error, Equatable, Sendable {
  /// The sentence to show.
  let message: String
  /// The closest known command, for an unknown one.
  let suggestion: String?

  init(_ message: String, suggestion: String? = nil) {
    self.message = message
    self.suggestion = suggestion
  }
}
