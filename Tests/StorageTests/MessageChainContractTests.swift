import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

/// `append(chain:after:)`: a message goes on only where its sender saw the end of the
/// conversation, so parallel senders are refused instead of forking it.
@Suite struct MessageChainContractTests {
  private static func isConflict(_ error: any Error) -> Bool {
    if case .conflict? = error as? StorageError { return true }
    return false
  }

  @Test(arguments: Backend.allCases)
  func aChainGoesAfterTheExpectedTailEachAfterTheOneBefore(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let first = try await harness.append(1, to: conversation)
      let date = harness.clock.now()
      let stored = try await harness.messages.append(
        chain: [
          makeMessage(2, in: conversation.id, at: date),
          makeMessage(3, in: conversation.id, at: date.addingTimeInterval(1), role: .assistant),
        ], after: first.id)
      #expect(stored.map(\.parentID) == [first.id, messageID(2)])
      let page = try await harness.messages.page(
        conversationID: conversation.id, before: nil, limit: 10)
      #expect(page.items.map(\.id) == [messageID(3), messageID(2), first.id])
    }
  }

  @Test(arguments: Backend.allCases)
  func aTailThatMovedIsRefusedAndNothingIsStored(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let first = try await harness.append(1, to: conversation)
      try await harness.append(2, to: conversation, role: .assistant)
      await #expect(throws: StorageError.self) {
        _ = try await harness.messages.append(
          chain: [makeMessage(3, in: conversation.id, at: harness.clock.now())], after: first.id)
      }
      await #expect(throws: StorageError.self) {
        _ = try await harness.messages.append(
          chain: [makeMessage(4, in: conversation.id, at: harness.clock.now())], after: nil)
      }
      #expect(try await harness.messages.count(conversationID: conversation.id) == 2)
      #expect(try await harness.messages.message(id: messageID(3)) == nil)
    }
  }

  @Test(arguments: Backend.allCases)
  func aReplyStillBeingWrittenIsNotFollowed(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      try await harness.append(1, to: conversation)
      var reply = makeMessage(2, in: conversation.id, at: harness.clock.now(), role: .assistant)
      reply.status = .streaming
      let streaming = try await harness.messages.append(reply)
      do {
        _ = try await harness.messages.append(
          chain: [makeMessage(3, in: conversation.id, at: harness.clock.now())],
          after: streaming.id)
        Issue.record("a message after a streaming reply was stored")
      } catch {
        #expect(Self.isConflict(error), "\(error)")
      }
      reply.status = .complete
      try await harness.messages.update(reply)
      let next = try await harness.messages.append(
        chain: [makeMessage(3, in: conversation.id, at: harness.clock.now())], after: streaming.id)
      #expect(next.first?.parentID == streaming.id)
    }
  }

  @Test func parallelSendersThroughSeparateConnectionsNeverFork() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("kiln.sqlite").path
      let clock = AppClock.incrementing(from: Fixture.referenceDate)
      let databases = try (0..<4).map { _ in
        try StorageDatabase(path: path, clock: .fixed(Fixture.referenceDate))
      }
      let conversations = SQLiteConversationRepository(
        database: databases[0], clock: clock, uuid: .incrementing(from: 1))
      let conversation = try await conversations.create(title: "Chat", personaName: nil)
      let seen = try await SQLiteMessageRepository(database: databases[0]).append(
        makeMessage(1, in: conversation.id, at: clock.now()))
      let outcomes = await withTaskGroup(of: Bool.self) { group in
        for index in 0..<8 {
          let repository = SQLiteMessageRepository(database: databases[index % 4])
          let message = makeMessage(10 + index, in: conversation.id, at: clock.now())
          group.addTask {
            do {
              _ = try await repository.append(chain: [message], after: seen.id)
              return true
            } catch {
              return false
            }
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(outcomes.filter { $0 }.count == 1)
      let all = try await SQLiteMessageRepository(database: databases[0])
        .allMessages(conversationID: conversation.id)
      #expect(all.count == 2)
      #expect(Set(all.compactMap(\.parentID)).count == all.count - 1)
      for database in databases { await database.close() }
    }
  }
}
