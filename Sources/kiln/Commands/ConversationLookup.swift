import AppComposition
import Foundation
import Localization
import Storage

/// Finds conversations by full identifier or by a unique prefix of it (as `git` does), so
/// `kiln show 0193f2a1` works.
@MainActor
enum ConversationLookup {
  /// Every conversation in list order, archived ones included.
  static func all(
    _ dependencies: AppDependencies, includeArchived: Bool = true
  ) async throws
    -> [ConversationDTO]
  {
    try await all(in: dependencies.conversations, includeArchived: includeArchived)
  }

  /// Every conversation `repository` holds, in list order.
  static func all(
    in repository: any ConversationRepository, includeArchived: Bool = true
  ) async throws
    -> [ConversationDTO]
  {
    var result: [ConversationDTO] = []
    var cursor: ConversationCursor?
    while true {
      let page = try await repository.list(
        limit: 500, after: cursor, includeArchived: includeArchived)
      result += page
      guard page.count == 500, let last = page.last else { return result }
      cursor = last.cursor
    }
  }

  /// The short form of an identifier shown in lists: its last 8 hexadecimal digits, which
  /// are random in the time-ordered identifiers Kiln makes (the first ones are a timestamp
  /// shared by conversations started in the same minute).
  nonisolated static func shortID(_ id: UUID) -> String {
    String(id.uuidString.lowercased().suffix(8))
  }

  /// The conversation `text` names: a full identifier, or at least 4 hexadecimal digits
  /// from the start of the identifier or of its short form, or from its end.
  /// - Throws: `CommandError` when nothing matches (failure) or more than one conversation
  ///   does (usage, listing the candidates).
  static func find(
    _ text: String, in dependencies: AppDependencies
  ) async throws
    -> ConversationDTO
  {
    if let id = UUID(uuidString: text), let exact = try await dependencies.conversations.get(id: id)
    {
      return exact
    }
    guard let matches = try await matches(text, in: dependencies) else {
      throw CommandError.failure(L10n.Terminal.Commands.noConversationWithID(text))
    }
    switch matches.count {
    case 1: return matches[0]
    case 0:
      throw CommandError.failure(
        L10n.Terminal.Commands.noConversationMatching(text))
    default:
      throw CommandError.usage(ambiguity(text, matches))
    }
  }

  /// The conversation the command line names with `--conversation ID` (or `--cid ID`) or
  /// `--continue`; `nil` when it names none.
  /// - Throws: `CommandError` (usage) when both are given; see `find(_:in:)`.
  static func named(
    by context: CommandContext, in dependencies: AppDependencies
  ) async throws -> ConversationDTO? {
    let id = context.command.value("--conversation")
    guard context.command.has("--continue") else {
      guard let id else { return nil }
      return try await find(id, in: dependencies)
    }
    guard id == nil else {
      throw CommandError.usage(
        L10n.Terminal.Commands.continueOrConversation)
    }
    return try await mostRecent(in: dependencies)
  }

  /// The most recently updated conversation that is not archived, for `--continue`.
  /// - Throws: `CommandError` (failure) when there is none yet.
  static func mostRecent(in dependencies: AppDependencies) async throws -> ConversationDTO {
    let conversations = try await all(dependencies, includeArchived: false)
    guard let latest = conversations.max(by: { $0.updatedAt < $1.updatedAt }) else {
      throw CommandError.failure(
        L10n.Terminal.Commands.nothingToContinue)
    }
    return latest
  }

  private static let listedCandidates = 10

  /// Names the conversations `text` could mean, by short id and title, so the user can
  /// pick one.
  private static func ambiguity(_ text: String, _ matches: [ConversationDTO]) -> String {
    var lines = [L10n.Terminal.Commands.ambiguousID(text, matches.count)]
    for conversation in matches.prefix(listedCandidates) {
      lines.append("  \(shortID(conversation.id))  \(conversation.title)")
    }
    if matches.count > listedCandidates {
      lines.append("  " + L10n.Terminal.Commands.andMore(matches.count - listedCandidates))
    }
    return lines.joined(separator: "\n")
  }

  /// The conversations whose identifier starts or ends with `text`, or whose short form
  /// starts with it (at least 4 hexadecimal digits, dashes allowed); `nil` when `text` is not
  /// shaped like part of an identifier.
  static func matches(
    _ text: String, in dependencies: AppDependencies
  ) async throws
    -> [ConversationDTO]?
  {
    try await matches(text, in: dependencies.conversations)
  }

  /// The conversations of `repository` whose identifier starts or ends with `text`, or whose
  /// short form starts with it; see `matches(_:in:)`.
  static func matches(
    _ text: String, in repository: any ConversationRepository
  ) async throws
    -> [ConversationDTO]?
  {
    let needle = text.lowercased()
    guard needle.count >= 4, needle.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
      return nil
    }
    return try await all(in: repository).filter {
      let id = $0.id.uuidString.lowercased()
      return id.hasPrefix(needle) || id.hasSuffix(needle) || shortID($0.id).hasPrefix(needle)
    }
  }

  /// Every message on the conversation's active path, oldest first.
  static func messages(
    of conversation: ConversationDTO, _ dependencies: AppDependencies
  )
    async throws -> [MessageDTO]
  {
    try await dependencies.messages.allMessages(conversationID: conversation.id)
      .filter(\.isOnActivePath)
  }
}

/// The JSON shape of conversations and messages in `kiln` output.
struct ConversationJSON: Encodable {
  let id: String
  let title: String
  let persona: String?
  let personaID: String?
  let createdAt: Date
  let updatedAt: Date
  let pinned: Bool
  let archived: Bool

  init(_ conversation: ConversationDTO) {
    id = conversation.id.uuidString.lowercased()
    title = conversation.title
    persona = conversation.personaName
    personaID = conversation.personaID
    createdAt = conversation.createdAt
    updatedAt = conversation.updatedAt
    pinned = conversation.isPinned
    archived = conversation.isArchived
  }

  enum CodingKeys: String, CodingKey {
    case id, title, persona, pinned, archived
    case personaID = "persona_id"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
  }
}

struct MessageJSON: Encodable {
  let id: String
  let role: String
  let text: String
  let status: String
  let createdAt: Date
  let model: String?
  let finishReason: String?
  let promptTokens: Int?
  let completionTokens: Int?
  let errorCode: String?

  init(_ message: MessageDTO) {
    id = message.id.uuidString.lowercased()
    role = message.role.rawValue
    text = message.text
    status = message.status.rawValue
    createdAt = message.createdAt
    model = message.model
    finishReason = message.finishReason
    promptTokens = message.promptTokens
    completionTokens = message.completionTokens
    errorCode = message.errorCode
  }

  enum CodingKeys: String, CodingKey {
    case id, role, text, status, model
    case createdAt = "created_at"
    case finishReason = "finish_reason"
    case promptTokens = "prompt_tokens"
    case completionTokens = "completion_tokens"
    case errorCode = "error_code"
  }
}
