import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct SyncJournalTests {
  private typealias F = SyncJournalFixture

  private static func conversation(_ n: Int, title: String = "Remote") -> ConversationDTO {
    ConversationDTO(
      id: Fixture.uuid(n), title: title, createdAt: Fixture.referenceDate,
      updatedAt: Fixture.referenceDate)
  }

  @Test func pendingFoldsARowsEntriesAndOrdersByTable() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      try await fixture.journal.setAccount(F.account)
      _ = try await fixture.memories.add(text: "likes tea", source: nil)
      let conversation = try await fixture.conversations.create(
        title: "A", personaName: nil, personaID: nil)
      _ = try await fixture.messages.append(fixture.message(0x105, in: conversation.id))
      _ = try await fixture.messages.append(fixture.message(0x103, in: conversation.id))
      try await fixture.conversations.rename(id: conversation.id, title: "B")
      let items = try await fixture.journal.pending(account: F.account, limit: 10)
      #expect(items.map(\.table) == [.conversations, .messages, .messages, .memories])
      #expect(items.map(\.id)[1...2] == [Fixture.uuid(0x103), Fixture.uuid(0x105)])
      let first = try #require(items.first)
      #expect(first.operation == .upsert)
      #expect(Set(first.clocks.keys) == Set(SyncTable.conversations.mergeKeys))
      #expect(first.clocks["title"] ?? "" > first.clocks["is_pinned"] ?? "")
      guard case .conversation(let stored) = first.record else {
        Issue.record("no record")
        return
      }
      #expect(stored.title == "B")
      let outbox = try await fixture.outbox()
      #expect(first.throughEntry == Int64(outbox.count))
      #expect(try await fixture.journal.pending(account: F.account, limit: 2).count == 2)
      #expect(try await fixture.journal.pending(account: F.otherAccount, limit: 10).isEmpty)
    }
  }

  /// The batch chosen in SQL is exactly the front of the whole order: conversations, then
  /// messages oldest first (one deleted here, so with no row, last among them), then
  /// memories, ties by first change.
  @Test func aLimitedBatchIsTheFrontOfTheWholeOrder() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      try await fixture.journal.setAccount(F.account)
      _ = try await fixture.memories.add(text: "first memory", source: nil)
      let first = try await fixture.conversations.create(
        title: "A", personaName: nil, personaID: nil)
      _ = try await fixture.messages.append(fixture.message(0x209, in: first.id))
      _ = try await fixture.messages.append(fixture.message(0x201, in: first.id))
      _ = try await fixture.messages.append(fixture.message(0x205, in: first.id))
      try await fixture.messages.deleteMessage(id: Fixture.uuid(0x201))
      _ = try await fixture.memories.add(text: "second memory", source: nil)
      let second = try await fixture.conversations.create(
        title: "B", personaName: nil, personaID: nil)
      try await fixture.conversations.rename(id: first.id, title: "A again")
      let whole = try await fixture.journal.pending(account: F.account, limit: 100)
      #expect(
        whole.map(\.table) == [
          .conversations, .conversations, .messages, .messages, .messages, .memories, .memories,
        ])
      #expect(whole.prefix(2).map(\.id) == [first.id, second.id])
      #expect(whole[2...4].map(\.id) == [0x205, 0x209, 0x201].map(Fixture.uuid))
      #expect(whole[4].operation == .delete)
      for limit in 1...whole.count {
        let batch = try await fixture.journal.pending(account: F.account, limit: limit)
        #expect(batch == Array(whole.prefix(limit)), "limit \(limit)")
      }
    }
  }

  @Test func aRowDeletedLocallyIsPendingAsADelete() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      try await fixture.journal.setAccount(F.account)
      let memory = try await fixture.memories.add(text: "likes tea", source: nil)
      try await fixture.memories.delete(id: memory.id)
      let items = try await fixture.journal.pending(account: F.account, limit: 10)
      #expect(items.count == 1)
      #expect(items.first?.operation == .delete && items.first?.record == nil)
      #expect(items.first?.deletedAt != nil)
    }
  }

  @Test func acknowledgeRemovesPushedEntriesAndStoresTheReturnedRow() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      try await fixture.journal.setAccount(F.account)
      let local = try await fixture.conversations.create(
        title: "A", personaName: nil, personaID: nil)
      let items = try await fixture.journal.pending(account: F.account, limit: 10)
      // A newer local change waits for a second row.
      let merged = Self.conversation(1, title: "Merged")
      let clock = F.remoteClock(1)
      let report = try await fixture.journal.acknowledge(
        items, stored: [F.serverRow(.conversation(merged), clock: clock, sequence: 1)],
        account: F.account)
      #expect(report.stored == 1)
      #expect(try await fixture.conversations.get(id: local.id)?.title == "Merged")
      #expect(try await fixture.outbox().isEmpty)

      try await fixture.conversations.rename(id: local.id, title: "C")
      let second = try await fixture.journal.pending(account: F.account, limit: 10)
      try await fixture.conversations.rename(id: local.id, title: "D")
      let skipped = try await fixture.journal.acknowledge(
        second, stored: [F.serverRow(.conversation(merged), clock: clock, sequence: 2)],
        account: F.account)
      #expect(skipped.skipped == 1)
      #expect(try await fixture.conversations.get(id: local.id)?.title == "D")
      #expect(try await fixture.outbox().count == 1)
      await #expect(throws: StorageError.self) {
        _ = try await fixture.journal.acknowledge(second, stored: [], account: F.account)
      }
    }
  }

  @Test func applyStoresWithoutEchoSkipsWaitingRowsAndMovesTheCursor() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      try await fixture.journal.setAccount(F.account)
      let waiting = try await fixture.conversations.create(
        title: "Mine", personaName: nil, personaID: nil)
      let clock = F.remoteClock(1)
      let report = try await fixture.journal.apply(
        [
          F.serverRow(.conversation(Self.conversation(0x70)), clock: clock, sequence: 1),
          F.serverRow(
            .conversation(Self.conversation(1, title: "Theirs")), clock: clock, sequence: 2),
        ], account: F.account, cursor: 2)
      #expect(report == SyncApplyReport(stored: 1, skipped: 1))
      #expect(try await fixture.conversations.get(id: Fixture.uuid(0x70))?.title == "Remote")
      #expect(try await fixture.conversations.get(id: waiting.id)?.title == "Mine")
      #expect(try await fixture.outbox().count == 1)
      #expect(try await fixture.journal.summary(account: F.account).cursor == 2)

      let tombstone = SyncServerRow(
        table: .conversations, id: Fixture.uuid(0x70), record: nil,
        deletedAt: Fixture.referenceDate,
        clocks: ["title": clock], changeSequence: 3)
      let deleted = try await fixture.journal.apply([tombstone], account: F.account, cursor: 3)
      #expect(deleted.deleted == 1)
      #expect(try await fixture.conversations.get(id: Fixture.uuid(0x70)) == nil)
      #expect(try await fixture.outbox().count == 1)
    }
  }

  @Test func aMessageWhoseConversationIsMissingIsParkedUntilItArrives() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      try await fixture.journal.setAccount(F.account)
      let clock = F.remoteClock(1)
      let message = fixture.message(0x180, in: Fixture.uuid(0x80))
      let parked = try await fixture.journal.apply(
        [F.serverRow(.message(message), clock: clock, sequence: 1)], account: F.account,
        cursor: 1)
      #expect(parked.parked == 1)
      #expect(try await fixture.messages.count(conversationID: Fixture.uuid(0x80)) == 0)
      let arrived = try await fixture.journal.apply(
        [F.serverRow(.conversation(Self.conversation(0x80)), clock: clock, sequence: 2)],
        account: F.account, cursor: 2)
      #expect(arrived.stored == 2)
      #expect(try await fixture.messages.count(conversationID: Fixture.uuid(0x80)) == 1)
      #expect(try await fixture.outbox().isEmpty)
    }
  }

  @Test func foreignChangesAreAdoptedOrKeptLocal() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      _ = try await fixture.memories.add(text: "signed out", source: nil)
      try await fixture.journal.setAccount(F.otherAccount)
      _ = try await fixture.memories.add(text: "other account", source: nil)
      try await fixture.journal.setAccount(F.account)
      _ = try await fixture.memories.add(text: "mine", source: nil)
      let summary = try await fixture.journal.summary(account: F.account)
      #expect(summary.pendingRows == 1 && summary.foreignRows == 2)
      #expect(try await fixture.journal.adoptForeignChanges(into: F.account) == 2)
      #expect(try await fixture.journal.pending(account: F.account, limit: 10).count == 3)
      #expect(try await fixture.journal.keepForeignChangesLocal(account: F.otherAccount) == 3)
      #expect(try await fixture.outbox().isEmpty)
      #expect(try await fixture.memories.list().count == 3)
    }
  }

  @Test func aVersionFiveDatabaseMigratesAndItsRowsBecomeForeignChangesWhenRecordingStarts()
    async throws
  {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db").path
      let old = try StorageDatabase(
        path: path, options: .init(), clock: .fixed(Fixture.referenceDate), logger: .disabled,
        migrations: Schema.migrations, targetVersion: 5)
      try await old.write { try $0.execute(MigrationTests.fixtures[2] ?? "") }
      await old.close()
      let fixture = try F(path: path)
      #expect(try await fixture.database.schemaVersion() == 6)
      #expect(try await fixture.outbox().isEmpty)
      _ = try await fixture.journal.startRecording()
      let outbox = try await fixture.outbox()
      #expect(outbox.map(\.table) == ["conversations", "messages", "messages"])
      #expect(outbox.allSatisfy { $0.account == nil && $0.op == "upsert" })
      #expect(try await fixture.journal.summary(account: F.account).foreignRows == 3)
      await fixture.database.close()
    }
  }
}
