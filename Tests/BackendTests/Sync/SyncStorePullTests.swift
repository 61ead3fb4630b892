import Foundation
import Testing

@testable import Backend

/// `sync_pull`: the caller's changes after a cursor, in change order, paged.
@Suite("SyncStore pull")
struct SyncStorePullTests {
  @Test(arguments: SyncStoreKind.allCases)
  func pagesFollowChangeOrderAcrossTablesWithNextAndHasMore(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    var changes: [SyncJSON] = [
      change("conversations", conversationRow(syncID(1)), clocks: ["title": hlc(1)])
    ]
    for number in 2...6 {
      changes.append(
        change(
          "messages", messageRow(syncID(number), in: syncID(1)), clocks: ["body": hlc(number)]))
      changes.append(
        change("memories", memoryRow(syncID(100 + number)), clocks: ["content": hlc(number)]))
    }
    _ = try await database.push(changes, as: userA)
    let first = try await database.pull(since: 0, maxRows: 4, as: userA)
    #expect(first["next"] == .number(4))
    #expect(first["has_more"] == .bool(true))
    let firstRows = try #require(first["changes"]?.arrayValue)
    #expect(firstRows.map { $0["row"]?["change_seq"] } == [1, 2, 3, 4].map { .number($0) })
    #expect(
      firstRows.map { $0["table"] }
        == ["conversations", "messages", "memories", "messages"].map { .string($0) })
    let second = try await database.pull(since: 4, maxRows: 7, as: userA)
    #expect(second["next"] == .number(11))
    #expect(second["has_more"] == .bool(false))
    #expect(second["changes"]?.arrayValue?.count == 7)
    let exact = try await database.pull(since: 4, maxRows: 6, as: userA)
    #expect(exact["next"] == .number(10))
    #expect(exact["has_more"] == .bool(true))
    let empty = try await database.pull(since: 11, maxRows: 5, as: userA)
    #expect(
      empty == .object(["changes": .array([]), "next": .number(11), "has_more": .bool(false)]))
    let beyond = try await database.pull(since: 500, maxRows: 5, as: userA)
    #expect(beyond["next"] == .number(500))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases) func aChangedRowMovesToTheEndAndTombstonesArePulled(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    _ = try await database.push(
      [
        change("memories", memoryRow(syncID(1), content: "one"), clocks: ["content": hlc(1)]),
        change("memories", memoryRow(syncID(2), content: "two"), clocks: ["content": hlc(1)]),
        change("memories", "delete", memoryRow(syncID(1), deleted: 3)),
      ], as: userA)
    let page = try await database.pull(as: userA)
    let rows = try #require(page["changes"]?.arrayValue)
    #expect(
      rows.map { $0["row"]?["id"] }
        == [syncID(2), syncID(1)].map { .string($0.uuidString.lowercased()) })
    #expect(rows[1]["row"]?["deleted_at"] == .string(wireTime(3)))
    #expect(rows[1]["row"]?["content"] == .string(""))
    #expect(rows[1]["row"]?["change_seq"] == .number(3))
    #expect(page["next"] == .number(3))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases, [(Int64(0), 0), (0, 1001), (0, -1), (-1, 10)])
  func boundsOfTheCursorAndThePageAreRefused(
    kind: SyncStoreKind, bounds: (since: Int64, maxRows: Int)
  ) async throws {
    let (since, maxRows) = bounds
    let database = try await SyncDatabase.make(kind)
    let error = await #expect(throws: SyncCallError.self) {
      try await database.store.perform(.pull(since: since, maxRows: maxRows), as: caller(userA))
    }
    #expect(error?.status == 400)
    #expect(error?.code == "22023")
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases) func thePageBoundsThemselvesAreAccepted(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    #expect(try await database.pull(since: 0, maxRows: 1, as: userA)["has_more"] == .bool(false))
    #expect(try await database.pull(since: 0, maxRows: 1000, as: userA)["next"] == .number(0))
    await database.close()
  }
}
