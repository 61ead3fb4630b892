import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

/// The two implementations every contract test runs against.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite
  case inMemory

  var testDescription: String { rawValue }
}

/// Repositories of one backend, wired to a deterministic clock and id generator.
struct ChatHarness {
  let conversations: any ConversationRepository
  let messages: any MessageRepository
  let settings: any SettingsRepository
  let memories: any MemoryRepository
  let usage: any UsageRepository
  let clock: AppClock
  /// The database, for the SQLite backend.
  let database: StorageDatabase?

  /// Runs `body` with fresh repositories of `backend`. The clock starts at
  /// `Fixture.referenceDate` and moves one second per reading; ids count up from 1.
  static func run(
    _ backend: Backend, clock: AppClock = .incrementing(from: Fixture.referenceDate),
    uuid: UUIDGenerator = .incrementing(from: 1),
    _ body: (ChatHarness) async throws -> Void
  ) async throws {
    switch backend {
    case .inMemory:
      let store = InMemoryChatStore(clock: clock, uuid: uuid)
      try await body(
        ChatHarness(
          conversations: store, messages: store, settings: InMemorySettingsRepository(),
          memories: InMemoryMemoryRepository(clock: clock, uuid: uuid),
          usage: InMemoryUsageRepository(), clock: clock, database: nil))
    case .sqlite:
      try await withTemporaryDirectory { directory in
        let database = try StorageDatabase(
          path: directory.appendingPathComponent("kiln.sqlite").path,
          clock: .fixed(Fixture.referenceDate))
        try await body(
          ChatHarness(
            conversations: SQLiteConversationRepository(
              database: database, clock: clock, uuid: uuid),
            messages: SQLiteMessageRepository(database: database),
            settings: SQLiteSettingsRepository(database: database),
            memories: SQLiteMemoryRepository(database: database, clock: clock, uuid: uuid),
            usage: SQLiteUsageRepository(database: database), clock: clock, database: database))
        await database.close()
      }
    }
  }

  /// A conversation titled `title`.
  func conversation(
    _ title: String = "Chat", persona: String? = nil
  ) async throws
    -> ConversationDTO
  {
    try await conversations.create(title: title, personaName: persona)
  }

  /// Appends a message with id `Fixture`-style number `n`, created at the clock's next tick.
  @discardableResult
  func append(
    _ n: Int, to conversation: ConversationDTO, role: MessageRole = .user,
    text: String? = nil, parent: UUID? = nil
  ) async throws -> MessageDTO {
    try await messages.append(
      MessageDTO(
        id: messageID(n), conversationID: conversation.id, parentID: parent, role: role,
        text: text ?? "message \(n)", createdAt: clock.now()))
  }
}

/// The id of test message `n`, distinct from conversation ids (which count from 1).
func messageID(_ n: Int) -> UUID {
  UUID(sequence: 0x1_0000_0000 + n)
}

/// A message value for `insert` tests.
func makeMessage(
  _ n: Int, in conversationID: UUID, at date: Date, parent: UUID? = nil,
  role: MessageRole = .user, text: String? = nil, onPath: Bool = true
) -> MessageDTO {
  MessageDTO(
    id: messageID(n), conversationID: conversationID, parentID: parent, role: role,
    text: text ?? "message \(n)", createdAt: date, isOnActivePath: onPath)
}

/// Expects `body` to throw a `StorageError` equal to `expected`.
func expectStorageError(
  _ expected: StorageError, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void
) async {
  do {
    try await body()
    Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as StorageError {
    #expect(error == expected, sourceLocation: sourceLocation)
  } catch {
    Issue.record("expected \(expected), got \(error)", sourceLocation: sourceLocation)
  }
}
