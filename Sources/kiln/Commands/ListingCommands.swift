import AppComposition
import Foundation
import Localization
import Storage
import TerminalUI

/// `kiln chats`: the conversation list.
enum ChatsCommand {
  @MainActor
  static func run(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let limit = try Self.limit(context)
    let all = try await ConversationLookup.all(
      dependencies, includeArchived: context.command.has("--archived"))
    let conversations = limit.map { Array(all.prefix($0)) } ?? all
    if context.wantsJSON {
      try context.printJSON(conversations.map(ConversationJSON.init))
      return .success
    }
    guard !conversations.isEmpty else {
      context.console.error(L10n.Terminal.Commands.noConversationsYet + "\n")
      return .success
    }
    for conversation in conversations {
      let mark = await Self.lastReplyMark(conversation, dependencies).map { " [\($0)]" } ?? ""
      context.console.output(Row.line(for: conversation) + mark + "\n")
    }
    return .success
  }

  /// A mark for a conversation whose newest message is a reply that did not finish (a
  /// failed or stopped `kiln ask`), so a list of retries shows which ones got no answer.
  @MainActor
  private static func lastReplyMark(
    _ conversation: ConversationDTO, _ dependencies: AppDependencies
  ) async -> String? {
    guard
      let newest = try? await dependencies.messages.page(
        conversationID: conversation.id, before: nil, limit: 1
      ).items.first,
      newest.status == .failed || newest.status == .cancelled
    else { return nil }
    return ShowCommand.mark(newest, namingTheCode: false)
  }

  /// `--limit N`: a whole number of at least 1, or `nil` when absent.
  private static func limit(_ context: CommandContext) throws -> Int? {
    guard let text = context.command.value("--limit") else { return nil }
    guard let count = Int(text), count >= 1 else {
      throw CommandError.usage(L10n.Terminal.Commands.limitNeedsNumber(text))
    }
    return count
  }
}

/// `kiln show ID`: one conversation's messages.
enum ShowCommand {
  struct Output: Encodable {
    let conversation: ConversationJSON
    let messages: [MessageJSON]
  }

  @MainActor
  static func run(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let conversation = try await ConversationLookup.find(
      context.command.arguments[0], in: dependencies)
    let messages = try await ConversationLookup.messages(of: conversation, dependencies)
    if context.wantsJSON {
      try context.printJSON(
        Output(
          conversation: ConversationJSON(conversation), messages: messages.map(MessageJSON.init)))
      return .success
    }
    let capabilities = context.outputCapabilities
    let renderer = MarkdownRenderer(capabilities: capabilities, width: nil)
    context.console.output("# \(TerminalSanitizer.singleLine(conversation.title))\n")
    for message in messages {
      let who = Self.roleName(message.role)
      let model = message.model.map { " (\(Row.title($0, limit: 60)))" } ?? ""
      context.console.output("\n\(who)\(model):\n")
      context.console.output(renderer.render(message.text))
      if !message.text.hasSuffix("\n") { context.console.output("\n") }
      if let mark = Self.mark(message) { context.console.output("[\(mark)]\n") }
    }
    return .success
  }

  /// What a reader must know about a message that did not end as written: stopped,
  /// failed, cut off at the token limit, or left unfinished when kiln stopped. `nil` for a
  /// complete message (the JSON carries the same facts as `status` and `finish_reason`).
  /// `namingTheCode` adds a failed reply's error code.
  static func mark(_ message: MessageDTO, namingTheCode: Bool = true) -> String? {
    switch message.status {
    case .cancelled: return L10n.Chat.statusCancelled
    case .failed:
      let code =
        namingTheCode ? message.errorCode.map { ": \(Row.title($0, limit: 40))" } ?? "" : ""
      return message.role == .user ? L10n.Chat.statusFailed : L10n.Chat.responseFailed + code
    case .sending, .streaming: return L10n.Chat.statusStreaming
    case .complete:
      return message.finishReason == "length" ? L10n.Chat.replyCutOff : nil
    }
  }

  /// Who wrote a message, as `show` labels it; a role Kiln does not know is named as it is
  /// stored, never passed off as the assistant.
  static func roleName(_ role: MessageRole) -> String {
    switch role {
    case .user: return L10n.Chat.roleUser
    case .assistant: return L10n.Chat.roleAssistant
    default: return Row.title(role.rawValue, limit: 40)
    }
  }
}

/// `kiln search QUERY`: conversations whose title or persona matches, and message hits.
enum SearchCommand {
  struct Hit: Encodable {
    let conversation: ConversationJSON
    let messageID: String?
    let snippet: String?

    enum CodingKeys: String, CodingKey {
      case conversation, snippet
      case messageID = "message_id"
    }
  }

  @MainActor
  static func run(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let query = context.command.arguments.joined(separator: " ")
    // Quotes, `*`, `-` and spaces alone are no search at all: the same usage error whether
    // the shell passed `""` or the two characters `""`, never "everything matches".
    guard query.contains(where: { $0.isLetter || $0.isNumber || $0.isSymbol }) else {
      throw Self.noWord(query)
    }
    let titles = try await dependencies.conversations.search(query, limit: 50)
    var messages: [MessageSearchHit] = []
    do {
      messages = try await dependencies.messages.searchMessages(query, limit: 50)
    } catch StorageError.invalidInput {
      // Message search looks for words; a query of only symbols (an emoji, "*") has none.
      // Titles are matched as written, so such a query can still find a title.
      guard !titles.isEmpty else { throw Self.noWord(query) }
    }
    let hits =
      titles.map { Hit(conversation: ConversationJSON($0), messageID: nil, snippet: nil) }
      + messages.map {
        Hit(
          conversation: ConversationJSON($0.conversation),
          messageID: $0.message.id.uuidString.lowercased(),
          snippet: $0.snippet.marked(open: "**", close: "**"))
      }
    if context.wantsJSON {
      try context.printJSON(hits)
      return .success
    }
    guard !hits.isEmpty else {
      context.console.error(L10n.Terminal.Commands.nothingMatches(query) + "\n")
      return .success
    }
    for group in Self.grouped(titles: titles, messages: messages) {
      context.console.output(Row.line(for: group.conversation) + "\n")
      for hit in group.messages.prefix(Self.snippetsPerConversation) {
        let snippet = hit.snippet.marked(open: "[", close: "]")
          .replacingOccurrences(of: "\n", with: " ")
        let who = ShowCommand.roleName(hit.message.role)
        context.console.output("    \(who): \(TerminalSanitizer.singleLine(snippet))\n")
      }
      let more = group.messages.count - Self.snippetsPerConversation
      if more > 0 { context.console.output("    \(L10n.Terminal.Commands.moreHits(more))\n") }
    }
    return .success
  }

  /// The most message snippets shown under one conversation.
  static let snippetsPerConversation = 3

  /// One conversation of the results with its matching messages.
  struct Group {
    var conversation: ConversationDTO
    var messages: [MessageSearchHit]
  }

  /// Hits grouped by conversation, each conversation once: those whose title matched
  /// first, then the others in the order of their first matching message.
  static func grouped(titles: [ConversationDTO], messages: [MessageSearchHit]) -> [Group] {
    var groups = titles.map { Group(conversation: $0, messages: []) }
    var index = Dictionary(
      groups.enumerated().map { ($0.element.conversation.id, $0.offset) }
    ) { first, _ in first }
    for hit in messages {
      if let position = index[hit.conversation.id] {
        groups[position].messages.append(hit)
      } else {
        index[hit.conversation.id] = groups.count
        groups.append(Group(conversation: hit.conversation, messages: [hit]))
      }
    }
    return groups
  }
}

extension SearchCommand {
  static func noWord(_ query: String) -> CommandError {
    CommandError.usage(L10n.Terminal.Commands.noWordToSearch(Row.title(query, limit: 40)))
  }
}

/// One conversation as a line of text.
enum Row {
  static func line(for conversation: ConversationDTO) -> String {
    let id = ConversationLookup.shortID(conversation.id)
    var flags = ""
    if conversation.isPinned { flags += " [\(L10n.Terminal.Commands.rowPinned)]" }
    if conversation.isArchived { flags += " [\(L10n.Terminal.Commands.rowArchived)]" }
    let persona = PersonaNames.shown(conversation).map { " (\(title($0, limit: 40)))" } ?? ""
    return "\(id)  \(date(conversation.updatedAt))  \(title(conversation.title))\(persona)\(flags)"
  }

  /// The most characters of a title a row shows.
  static let titleLimit = 80

  /// Stored text for one line of a list: escape sequences and control characters out,
  /// line breaks as spaces, at most `limit` characters.
  static func title(_ text: String, limit: Int = titleLimit) -> String {
    TerminalSanitizer.singleLine(text, limit: limit)
  }

  static func date(_ date: Date) -> String {
    minuteFormatter.string(from: date)
  }

  /// One formatter for every row (`yyyy-MM-dd HH:mm`, local time); it is only read.
  private static let minuteFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
  }()
}
