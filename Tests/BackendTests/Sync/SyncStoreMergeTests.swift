import Foundation
import Testing

@testable import Backend

/// Every rule of docs/SYNC.md §3 on the migration's own `sync_push`, each on its own.
@Suite("SyncStore merge rules")
struct SyncStoreMergeTests {
  @Test(arguments: SyncStoreKind.allCases)
  func aNewRowIsAppliedAndAnsweredWithEveryKeyInTheWireForm(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let id = syncID(1)
    var row = conversationRow(id, title: "Trip", created: 1.5, updated: 2.25)
    row["id"] = .string(id.uuidString.uppercased())
    row["user_id"] = .string(userB.uuidString)
    let results = try await database.results(
      [change("conversations", row, clocks: ["title": hlc(10)])], as: userA)
    #expect(results.count == 1)
    #expect(results[0]["status"] == .string("applied"))
    #expect(results[0]["id"] == .string(id.uuidString.lowercased()))
    let stored = try #require(results[0]["row"])
    #expect(
      stored
        == .object([
          "id": .string(id.uuidString.lowercased()),
          "user_id": .string(userA.uuidString.lowercased()),
          "title": .string("Trip"), "persona_name": .null, "persona_id": .null,
          "is_pinned": .bool(false), "is_archived": .bool(false),
          "created_at": .string("2026-12-02T10:00:01.500Z"),
          "updated_at": .string("2026-12-02T10:00:02.250Z"), "deleted_at": .null,
          "change_seq": .number(1), "clocks": .object(["title": .string(hlc(10))]),
        ]))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases) func aMessageAndAMemoryAreStoredWithEveryKey(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    let conversation = syncID(1)
    var message = messageRow(syncID(2), in: conversation, content: "Hi")
    message["prompt_tokens"] = .number(12)
    message["model"] = .string("echo")
    let results = try await database.results(
      [
        change("conversations", conversationRow(conversation), clocks: ["title": hlc(1)]),
        change("messages", message, clocks: ["body": hlc(2)]),
        change("memories", memoryRow(syncID(3)), clocks: ["content": hlc(3)]),
      ], as: userA)
    #expect(results.map { $0["status"] } == Array(repeating: .string("applied"), count: 3))
    let storedMessage = try #require(results[1]["row"])
    #expect(storedMessage["prompt_tokens"] == .number(12))
    #expect(storedMessage["model"] == .string("echo"))
    #expect(storedMessage["change_seq"] == .number(2))
    guard case .object(let messageKeys) = storedMessage,
      case .object(let memoryKeys) = results[2]["row"]
    else {
      Issue.record("rows are not objects")
      return
    }
    #expect(
      Set(messageKeys.keys)
        == [
          "id", "user_id", "conversation_id", "parent_id", "role", "content", "status", "model",
          "finish_reason", "prompt_tokens", "completion_tokens", "reasoning", "error_code",
          "created_at", "deleted_at", "change_seq", "clocks",
        ])
    #expect(
      Set(memoryKeys.keys)
        == [
          "id", "user_id", "content", "source", "created_at", "updated_at", "deleted_at",
          "change_seq", "clocks",
        ])
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func eachMergeKeyWinsOnItsOwnClockGivingAppliedMergedAndStale(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let id = syncID(1)
    _ = try await database.push(
      [
        change(
          "conversations", conversationRow(id, title: "Old", pinned: false),
          clocks: ["title": hlc(10), "is_pinned": hlc(10)])
      ], as: userA)
    let results = try await database.results(
      [
        change(
          "conversations", conversationRow(id, title: "New", pinned: true),
          clocks: ["title": hlc(20), "is_pinned": hlc(5)]),
        change(
          "conversations", conversationRow(id, title: "Older", pinned: true),
          clocks: ["title": hlc(15), "is_pinned": hlc(8)]),
        change(
          "conversations", conversationRow(id, title: "Newest", pinned: true),
          clocks: ["title": hlc(30), "is_pinned": hlc(30, device: 2)]),
      ], as: userA)
    #expect(
      results.map { $0["status"] } == [.string("merged"), .string("stale"), .string("applied")])
    #expect(results[0]["row"]?["title"] == .string("New"))
    #expect(results[0]["row"]?["is_pinned"] == .bool(false))
    #expect(
      results[0]["row"]?["clocks"]
        == .object(["title": .string(hlc(20)), "is_pinned": .string(hlc(10))]))
    #expect(results[1]["row"]?["title"] == .string("New"))
    #expect(results[1]["row"]?["change_seq"] == .number(2))
    #expect(results[2]["row"]?["title"] == .string("Newest"))
    #expect(results[2]["row"]?["is_pinned"] == .bool(true))
    #expect(results[2]["row"]?["change_seq"] == .number(3))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func anEqualClockIsStaleAndTheDeviceBreaksATieOfTimeAndCounter(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let id = syncID(1)
    _ = try await database.push(
      [change("memories", memoryRow(id, content: "A"), clocks: ["content": hlc(10, 3)])],
      as: userA)
    let results = try await database.results(
      [
        change("memories", memoryRow(id, content: "B"), clocks: ["content": hlc(10, 3)]),
        change(
          "memories", memoryRow(id, content: "C"), clocks: ["content": hlc(10, 3, device: 2)]),
      ], as: userA)
    #expect(results.map { $0["status"] } == [.string("stale"), .string("applied")])
    #expect(results[0]["row"]?["content"] == .string("A"))
    #expect(results[0]["row"]?["change_seq"] == .number(1))
    #expect(results[1]["row"]?["content"] == .string("C"))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func missingClocksStoreANewRowAsSentAndChangeNothingStored(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let id = syncID(1)
    var bare = change("memories", memoryRow(id, content: "As sent"))
    if case .object(var members) = bare {
      members["clocks"] = nil
      bare = .object(members)
    }
    let first = try await database.results([bare], as: userA)
    #expect(first[0]["status"] == .string("applied"))
    #expect(first[0]["row"]?["clocks"] == .object([:]))
    let again = try await database.results(
      [change("memories", memoryRow(id, content: "Ignored"))], as: userA)
    #expect(again[0]["status"] == .string("stale"))
    #expect(again[0]["row"]?["content"] == .string("As sent"))
    let clocked = try await database.results(
      [change("memories", memoryRow(id, content: "Clocked"), clocks: ["source": hlc(1)])],
      as: userA)
    #expect(clocked[0]["status"] == .string("applied"))
    #expect(clocked[0]["row"]?["content"] == .string("As sent"))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases) func aTombstoneAbsorbsEveryLaterEdit(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    let id = syncID(1)
    _ = try await database.push(
      [
        change("conversations", conversationRow(id, title: "Secret"), clocks: ["title": hlc(1)]),
        change("conversations", "delete", conversationRow(id, deleted: 50)),
      ], as: userA)
    let results = try await database.results(
      [
        change(
          "conversations", conversationRow(id, title: "Revived", updated: 60),
          clocks: ["title": hlc(99)])
      ], as: userA)
    #expect(results[0]["status"] == .string("stale"))
    let tombstone = try #require(results[0]["row"])
    #expect(tombstone["title"] == .string(""))
    #expect(tombstone["is_pinned"] == .null)
    #expect(tombstone["deleted_at"] == .string(wireTime(50)))
    #expect(tombstone["clocks"]?["title"] == .string(hlc(99)))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func deletingBlanksTheContentAndDeletingATombstoneIsStaleKeepingTheEarlierTime(
    kind: SyncStoreKind
  )
    async throws
  {
    let database = try await SyncDatabase.make(kind)
    let id = syncID(1)
    let results = try await database.results(
      [
        change("memories", memoryRow(id, content: "Private"), clocks: ["content": hlc(1)]),
        change("memories", "delete", memoryRow(id, deleted: 40)),
        change("memories", "delete", memoryRow(id, deleted: 30)),
        change("memories", "delete", memoryRow(id, deleted: 45)),
      ], as: userA)
    #expect(
      results.map { $0["status"] }
        == [.string("applied"), .string("applied"), .string("stale"), .string("stale")])
    #expect(results[1]["row"]?["content"] == .string(""))
    #expect(results[1]["row"]?["source"] == .null)
    #expect(results[1]["row"]?["clocks"] == .object(["content": .string(hlc(1))]))
    #expect(results[2]["row"]?["deleted_at"] == .string(wireTime(30)))
    #expect(results[3]["row"]?["deleted_at"] == .string(wireTime(30)))
    #expect(results[3]["row"]?["change_seq"] == .number(3))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases) func aDeleteWithoutATimeTakesTheServersTime(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    let id = syncID(1)
    var row = memoryRow(id)
    row["deleted_at"] = nil
    let before = Date().addingTimeInterval(-1)
    let results = try await database.results([change("memories", "delete", row)], as: userA)
    let text = try #require(results[0]["row"]?["deleted_at"]?.stringValue)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let deletedAt = try #require(formatter.date(from: text))
    #expect(deletedAt > before)
    #expect(text.count == 24)
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases) func aMessageToAMissingOrDeletedConversationIsNotStored(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    let gone = syncID(1)
    _ = try await database.push(
      [
        change("conversations", conversationRow(gone), clocks: ["title": hlc(1)]),
        change("conversations", "delete", conversationRow(gone, deleted: 5)),
      ], as: userA)
    let results = try await database.results(
      [
        change("messages", messageRow(syncID(2), in: syncID(9)), clocks: ["body": hlc(2)]),
        change("messages", messageRow(syncID(3), in: gone), clocks: ["body": hlc(2)]),
      ], as: userA)
    #expect(results.map { $0["status"] } == [.string("stale"), .string("stale")])
    #expect(results.map { $0["row"] } == [.null, .null])
    #expect(try await database.allRows(of: userA).count == 1)
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases) func deletingAConversationRemovesItsMessagesOnTheServer(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    let conversation = syncID(1)
    let other = syncID(5)
    _ = try await database.push(
      [
        change("conversations", conversationRow(conversation), clocks: ["title": hlc(1)]),
        change("conversations", conversationRow(other), clocks: ["title": hlc(1)]),
        change("messages", messageRow(syncID(2), in: conversation), clocks: ["body": hlc(2)]),
        change("messages", messageRow(syncID(3), in: conversation), clocks: ["body": hlc(3)]),
        change("messages", messageRow(syncID(6), in: other), clocks: ["body": hlc(3)]),
        change("conversations", "delete", conversationRow(conversation, deleted: 9)),
      ], as: userA)
    #expect(try await database.storedMessageIDs() == [syncID(6).uuidString.lowercased()])
    let rows = try await database.allRows(of: userA)
    #expect(
      rows.map { $0["table"] } == [
        .string("conversations"), .string("messages"), .string("conversations"),
      ])
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func deletingANeverStoredIDStoresATombstoneExceptForMessages(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let results = try await database.results(
      [
        change("conversations", "delete", conversationRow(syncID(1), created: 3, deleted: 7)),
        change("memories", "delete", memoryRow(syncID(2), created: 4, deleted: 8)),
        change("messages", "delete", messageRow(syncID(3), in: syncID(1), deleted: 9)),
      ], as: userA)
    #expect(
      results.map { $0["status"] } == [.string("applied"), .string("applied"), .string("stale")])
    #expect(results[0]["row"]?["deleted_at"] == .string(wireTime(7)))
    #expect(results[0]["row"]?["created_at"] == .string(wireTime(3)))
    #expect(results[0]["row"]?["title"] == .string(""))
    #expect(results[1]["row"]?["content"] == .string(""))
    #expect(results[2]["row"] == .null)
    let rows = try await database.allRows(of: userA)
    #expect(rows.count == 2)
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func createdAtTakesTheEarlierAndUpdatedAtTheLaterValueWhoeverWins(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    let id = syncID(1)
    _ = try await database.push(
      [
        change(
          "conversations", conversationRow(id, title: "A", created: 10, updated: 10),
          clocks: ["title": hlc(10)])
      ], as: userA)
    let results = try await database.results(
      [
        change(
          "conversations", conversationRow(id, title: "B", created: 5, updated: 8),
          clocks: ["title": hlc(20)]),
        change(
          "conversations", conversationRow(id, title: "C", created: 20, updated: 30),
          clocks: ["title": hlc(15)]),
      ], as: userA)
    #expect(results[0]["row"]?["created_at"] == .string(wireTime(5)))
    #expect(results[0]["row"]?["updated_at"] == .string(wireTime(10)))
    #expect(results[1]["status"] == .string("stale"))
    #expect(results[1]["row"]?["title"] == .string("B"))
    #expect(results[1]["row"]?["created_at"] == .string(wireTime(5)))
    #expect(results[1]["row"]?["updated_at"] == .string(wireTime(30)))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases) func theImmutableColumnsOfAMessageNeverChange(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    let first = syncID(1)
    let second = syncID(2)
    let message = syncID(3)
    _ = try await database.push(
      [
        change("conversations", conversationRow(first), clocks: ["title": hlc(1)]),
        change("conversations", conversationRow(second), clocks: ["title": hlc(1)]),
        change(
          "messages", messageRow(message, in: first, content: "v1"), clocks: ["body": hlc(2)]),
      ], as: userA)
    var moved = messageRow(message, in: second, content: "v2")
    moved["role"] = .string("assistant")
    let results = try await database.results(
      [change("messages", moved, clocks: ["body": hlc(3)])], as: userA)
    #expect(results[0]["status"] == .string("applied"))
    #expect(results[0]["row"]?["content"] == .string("v2"))
    #expect(results[0]["row"]?["conversation_id"] == .string(first.uuidString.lowercased()))
    #expect(results[0]["row"]?["role"] == .string("user"))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases) func aPushIsAllOrNothing(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    let refusal = try await database.pushRefusal(
      [
        change("memories", memoryRow(syncID(1)), clocks: ["content": hlc(1)]),
        change("memories", memoryRow(syncID(2)), clocks: ["content": "not a clock"]),
      ], as: userA)
    #expect(refusal?.code == "22023")
    #expect(refusal?.details == "changes[1]")
    #expect(try await database.allRows(of: userA).isEmpty)
    #expect(try await database.sequenceOwners().isEmpty)
    await database.close()
  }
}
