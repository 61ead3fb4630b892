import Core
import Foundation

/// Exports conversations as a `ChatArchive` (JSON) or Markdown and imports archives, over
/// any pair of repositories (SQLite or in-memory).
public struct ChatArchiver: Sendable {
  /// What to do when an archived conversation's id is already stored.
  public enum ConflictPolicy: String, Sendable, CaseIterable {
    /// Keep the stored conversation and leave the archived one out (the default, so
    /// importing the same archive twice changes nothing).
    case skip
    /// Replace the stored conversation and all its messages with the archived one.
    case replace
  }

  /// What an import did, by conversation id.
  public struct ImportReport: Sendable, Equatable {
    /// Conversations that were new and are now stored.
    public var imported: [UUID] = []
    /// Conversations left as they were because the id was already stored.
    public var skipped: [UUID] = []
    /// Conversations whose stored version was replaced.
    public var replaced: [UUID] = []
    /// Conversations that could not be stored, with the reason; the rest were.
    public var failed: [UUID: AppError] = [:]

    /// An empty report.
    public init() {}
  }

  /// How many new conversations one import transaction stores.
  static let batchSize = 100

  private let conversations: any ConversationRepository
  private let messages: any MessageRepository
  private let clock: AppClock

  /// An archiver over the two repositories (often the same `InMemoryChatStore`).
  public init(
    conversations: any ConversationRepository, messages: any MessageRepository, clock: AppClock
  ) {
    self.conversations = conversations
    self.messages = messages
    self.clock = clock
  }

  /// An archive of the given conversations, or of all of them (archived included).
  /// - Throws: `StorageError.notFound` for an unknown id; `StorageError` when a read fails.
  public func archive(conversationIDs: [UUID]? = nil) async throws -> ChatArchive {
    var selected: [ConversationDTO] = []
    if let conversationIDs {
      for id in conversationIDs {
        guard let conversation = try await conversations.get(id: id) else {
          throw StorageError.notFound("conversation")
        }
        selected.append(conversation)
      }
    } else {
      var cursor: ConversationCursor?
      while true {
        let page = try await conversations.list(limit: 200, after: cursor, includeArchived: true)
        selected += page
        guard page.count == 200, let last = page.last else { break }
        cursor = last.cursor
      }
    }
    var entries: [ChatArchive.Conversation] = []
    for conversation in selected {
      let all = try await messages.allMessages(conversationID: conversation.id)
      entries.append(ChatArchive.Conversation(conversation, messages: all))
    }
    return ChatArchive(
      format: ChatArchive.formatName, version: ChatArchive.currentVersion,
      exportedAt: StorageTime.normalized(clock.now()), conversations: entries)
  }

  /// `archive(conversationIDs:)` as pretty-printed JSON.
  /// - Throws: see `archive(conversationIDs:)`.
  public func exportJSON(conversationIDs: [UUID]? = nil) async throws -> Data {
    try Self.encode(try await archive(conversationIDs: conversationIDs))
  }

  /// Imports an archive's JSON. Each conversation is stored whole or not at all; one that
  /// fails is reported and the others still import.
  /// - Throws: `StorageError.invalidInput` when the data is not a Kiln archive,
  ///   `.newerSchema` when its version is newer than this build reads.
  public func importJSON(
    _ data: Data, policy: ConflictPolicy = .skip
  ) async throws
    -> ImportReport
  {
    try await importArchive(try Self.decode(data), policy: policy)
  }

  /// Imports an archive value; see `importJSON(_:policy:)`.
  /// - Throws: `StorageError.newerSchema` for a newer version.
  public func importArchive(
    _ archive: ChatArchive, policy: ConflictPolicy = .skip
  ) async throws
    -> ImportReport
  {
    try Self.check(archive)
    var report = ImportReport()
    var fresh: [ConversationBundle] = []
    var seenConversations: Set<UUID> = []
    var seenMessages: Set<UUID> = []
    for entry in archive.conversations {
      // The same conversation twice in one file is one conversation: the first copy counts.
      guard seenConversations.insert(entry.id).inserted else {
        report.skipped.append(entry.id)
        continue
      }
      if let problem = Self.problem(in: entry, seenMessages: &seenMessages) {
        report.failed[entry.id] = .validation(message: problem)
        continue
      }
      let bundle = ConversationBundle(conversation: entry.dto, messages: entry.messageDTOs)
      do {
        guard try await conversations.get(id: entry.id) != nil else {
          fresh.append(bundle)
          continue
        }
        switch policy {
        case .skip:
          report.skipped.append(entry.id)
        case .replace:
          try await conversations.replace(bundle.conversation, messages: bundle.messages)
          report.replaced.append(entry.id)
        }
      } catch {
        report.failed[entry.id] = AppError.from(error)
      }
    }
    // New conversations go in batches (much faster than one transaction each); a batch
    // that fails is retried one conversation at a time to find the culprit.
    for start in stride(from: 0, to: fresh.count, by: Self.batchSize) {
      let batch = Array(fresh[start..<min(start + Self.batchSize, fresh.count)])
      do {
        try await conversations.insert(batch)
        report.imported += batch.map(\.conversation.id)
      } catch {
        for bundle in batch {
          do {
            try await conversations.insert([bundle])
            report.imported.append(bundle.conversation.id)
          } catch StorageError.alreadyExists("conversation") {
            // Stored meanwhile by another process: present, so skipped like the others.
            report.skipped.append(bundle.conversation.id)
          } catch StorageError.alreadyExists("message") {
            report.failed[bundle.conversation.id] = .validation(
              message: "one of its message ids is already used by another stored conversation")
          } catch {
            report.failed[bundle.conversation.id] = AppError.from(error)
          }
        }
      }
    }
    return report
  }

  /// One conversation's active path as Markdown (see `ConversationMarkdown`), in the words
  /// of `labels`.
  /// - Throws: `StorageError.notFound` for an unknown id.
  public func exportMarkdown(
    conversationID: UUID, timeZone: TimeZone,
    labels: ConversationMarkdown.Labels = .english
  ) async throws -> String {
    guard let conversation = try await conversations.get(id: conversationID) else {
      throw StorageError.notFound("conversation")
    }
    let path = try await messages.allMessages(conversationID: conversationID)
      .filter(\.isOnActivePath)
    return ConversationMarkdown.render(
      conversation, messages: path, timeZone: timeZone, labels: labels)
  }

  /// Encodes an archive as pretty-printed JSON with sorted keys.
  /// - Throws: `EncodingError`.
  public static func encode(_ archive: ChatArchive) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(ArchiveDate.string(date))
    }
    return try encoder.encode(archive)
  }

  /// Decodes an archive, checking its format and version.
  /// - Throws: `StorageError.invalidInput` or `.newerSchema`.
  public static func decode(_ data: Data) throws -> ChatArchive {
    let decoder = JSONDecoder()
    // Version 2's snake_case keys, and version 1's camelCase ones unchanged.
    decoder.keyDecodingStrategy = .custom { path in
      ArchiveKey(camelCase: path.last?.stringValue ?? "")
    }
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = ArchiveDate.date(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "not an ISO 8601 UTC date")
      }
      return date
    }
    struct Header: Decodable {
      var format: String?
      var version: Int?
    }
    guard let header = try? decoder.decode(Header.self, from: data),
      header.format == ChatArchive.formatName, let version = header.version
    else {
      throw StorageError.invalidInput("This file is not a Kiln conversation archive.")
    }
    if version > ChatArchive.currentVersion {
      throw StorageError.newerSchema(found: version, supported: ChatArchive.currentVersion)
    }
    do {
      return try decoder.decode(ChatArchive.self, from: data)
    } catch {
      throw StorageError.invalidInput(
        "The archive is damaged: \(AppError.diagnose(error).detail)")
    }
  }

  /// The roles an archive may hold: the ones Kiln writes.
  static let knownRoles: Set<MessageRole> = [.user, .assistant, .system, .tool]

  /// Why `entry` cannot be imported, or `nil`: a role Kiln does not know (it would be shown
  /// as someone it is not), or a message id that appears twice in the file.
  static func problem(
    in entry: ChatArchive.Conversation, seenMessages: inout Set<UUID>
  ) -> String? {
    for message in entry.messages {
      guard knownRoles.contains(message.role) else {
        let shown = String(message.role.rawValue.prefix(40))
        return "message \(message.id.uuidString.lowercased()) has the role '\(shown)', which "
          + "Kiln does not know (user, assistant, system or tool)"
      }
      guard seenMessages.insert(message.id).inserted else {
        return "the message id \(message.id.uuidString.lowercased()) appears twice in the file"
      }
    }
    return nil
  }

  private static func check(_ archive: ChatArchive) throws {
    guard archive.format == ChatArchive.formatName else {
      throw StorageError.invalidInput("This file is not a Kiln conversation archive.")
    }
    if archive.version > ChatArchive.currentVersion {
      throw StorageError.newerSchema(found: archive.version, supported: ChatArchive.currentVersion)
    }
  }
}

/// A member name of either archive version, as the Swift property it fills: `persona_id` is
/// `personaID`, `is_on_active_path` is `isOnActivePath`; a name without `_` stays as it is.
struct ArchiveKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(camelCase snake: String) {
    let words = snake.split(separator: "_", omittingEmptySubsequences: false)
    guard words.count > 1 else {
      stringValue = snake
      return
    }
    stringValue =
      String(words[0])
      + words.dropFirst().map { word in
        word == "id" ? "ID" : word.prefix(1).uppercased() + word.dropFirst()
      }.joined()
  }

  init?(stringValue: String) { self.init(camelCase: stringValue) }
  init?(intValue: Int) { nil }
}
