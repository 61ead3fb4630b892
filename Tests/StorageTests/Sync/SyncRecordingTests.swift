import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct SyncRecordingTests {
  private typealias F = SyncJournalFixture

  @Test func nothingIsRecordedBeforeRecordingStarts() async throws {
    try await F.run { fixture in
      let conversation = try await fixture.conversations.create(
        title: "A", personaName: nil, personaID: nil)
      _ = try await fixture.messages.append(fixture.message(0x101, in: conversation.id))
      _ = try await fixture.memories.add(text: "likes tea", source: .user)
      #expect(try await fixture.outbox().isEmpty)
    }
  }

  @Test func conversationChangesRecordTheMergeKeysTheyTouch() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      try await fixture.journal.setAccount(F.account)
      let conversation = try await fixture.conversations.create(
        title: "A", personaName: "Guide", personaID: "guide")
      try await fixture.conversations.rename(id: conversation.id, title: "B")
      try await fixture.conversations.setPinned(id: conversation.id, true)
      try await fixture.conversations.setArchived(id: conversation.id, true)
      try await fixture.conversations.setArchived(id: conversation.id, true)
      try await fixture.conversations.delete(id: conversation.id)
      let outbox = try await fixture.outbox()
      #expect(outbox.map(\.op) == ["upsert", "upsert", "upsert", "upsert", "delete"])
      #expect(
        outbox.map(\.keys) == [
          ["title", "persona", "is_pinned", "is_archived"], ["title"], ["is_pinned"],
          ["is_archived"], ["title", "persona", "is_pinned", "is_archived"],
        ])
      #expect(outbox.allSatisfy { $0.account == F.account && $0.table == "conversations" })
      #expect(outbox.map(\.clock) == outbox.map(\.clock).sorted())
      #expect(Set(outbox.map(\.clock)).count == outbox.count)
    }
  }

  @Test func messagesAreRecordedOnlyOnceFinishedAndNotForBranchBookkeeping() async throws {
    try await F.run { fixture in
      let conversation = try await fixture.conversations.create(
        title: "A", personaName: nil, personaID: nil)
      _ = try await fixture.journal.startRecording()
      try await fixture.journal.setAccount(F.account)
      let before = try await fixture.outbox().count
      var reply = fixture.message(0x102, in: conversation.id, status: .streaming)
      reply = try await fixture.messages.append(reply)
      reply.text = "partial"
      try await fixture.messages.update(reply)
      #expect(try await fixture.outbox().count == before)
      reply.text = "done"
      reply.status = .complete
      try await fixture.messages.update(reply)
      let replyID = reply.id
      try await fixture.database.write { connection in
        _ = try connection.run(
          "UPDATE messages SET on_active_path = 0, parent_id = NULL WHERE id = ?", replyID)
      }
      let recorded = try await fixture.outbox().dropFirst(before)
      #expect(recorded.map(\.op) == ["upsert"])
      #expect(recorded.first?.keys == ["body"] && recorded.first?.table == "messages")
      try await fixture.messages.deleteMessage(id: reply.id)
      #expect(try await fixture.outbox().last?.op == "delete")
    }
  }

  @Test func memoriesRecordContentAndSource() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      let memory = try await fixture.memories.add(text: "likes tea", source: .user)
      _ = try await fixture.memories.edit(id: memory.id, text: "likes green tea")
      try await fixture.database.write { connection in
        _ = try connection.run("UPDATE memories SET source = 'assistant' WHERE id = ?", memory.id)
      }
      try await fixture.memories.delete(id: memory.id)
      let outbox = try await fixture.outbox()
      #expect(
        outbox.map(\.keys) == [
          ["content", "source"], ["content"], ["source"], ["content", "source"],
        ])
      #expect(outbox.map(\.op) == ["upsert", "upsert", "upsert", "delete"])
      // Signed out: every change is foreign.
      #expect(outbox.allSatisfy { $0.account == nil })
    }
  }

  @Test func changesAreTaggedWithTheAccountSignedInAtThatMoment() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      let first = try await fixture.conversations.create(
        title: "A", personaName: nil, personaID: nil)
      try await fixture.journal.setAccount(F.account)
      try await fixture.conversations.rename(id: first.id, title: "B")
      try await fixture.journal.setAccount(F.otherAccount)
      try await fixture.conversations.rename(id: first.id, title: "C")
      #expect(try await fixture.outbox().map(\.account) == [nil, F.account, F.otherAccount])
    }
  }

  @Test func theOutboxRowRollsBackWithAFailedChange() async throws {
    try await F.run { fixture in
      _ = try await fixture.journal.startRecording()
      let conversation = try await fixture.conversations.create(
        title: "A", personaName: nil, personaID: nil)
      let before = try await fixture.outbox()
      await #expect(throws: (any Error).self) {
        try await fixture.database.write { connection in
          _ = try connection.run(
            "UPDATE conversations SET title = 'B' WHERE id = ?", conversation.id)
          _ = try connection.run("INSERT INTO no_such_table VALUES (1)")
        }
      }
      #expect(try await fixture.outbox() == before)
      #expect(try await fixture.conversations.get(id: conversation.id)?.title == "A")
    }
  }

  @Test func startingRecordsExistingRowsAsForeignChangesOnce() async throws {
    try await F.run { fixture in
      try await fixture.journal.setAccount(F.account)
      let conversation = try await fixture.conversations.create(
        title: "A", personaName: nil, personaID: nil)
      _ = try await fixture.messages.append(fixture.message(0x101, in: conversation.id))
      _ = try await fixture.messages.append(
        fixture.message(0x102, in: conversation.id, status: .streaming))
      _ = try await fixture.memories.add(text: "likes tea", source: nil)
      let device = try await fixture.journal.startRecording()
      #expect(device == F.deviceID)
      let outbox = try await fixture.outbox()
      #expect(outbox.map(\.table) == ["conversations", "messages", "memories"])
      #expect(outbox.allSatisfy { $0.account == nil })
      #expect(try await fixture.journal.startRecording() == device)
      #expect(try await fixture.outbox() == outbox)
      let summary = try await fixture.journal.summary(account: F.account)
      #expect(summary.isRecording && summary.pendingRows == 0 && summary.foreignRows == 3)
    }
  }
}
