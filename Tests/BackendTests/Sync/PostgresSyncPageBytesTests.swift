import Core
import Foundation
import TestSupport
import Testing

@testable import Backend

/// PostgreSQL's pull pages are bounded in bytes as the SQLite store's are (decision 198):
/// the same pushes page the same way, rows of every table count, and a row larger than the
/// bound still goes alone.
@Suite("PostgresSyncStore page bytes")
struct PostgresSyncPageBytesTests {
  private func store(
    _ database: SyncDatabase, maximumPageBytes: Int
  ) throws -> PostgresSyncStore {
    PostgresSyncStore(pool: try database.server.pool, maximumPageBytes: maximumPageBytes)
  }

  /// Every page's row ids, pulling until `has_more` is false (at most 50 pages).
  private func pages(_ store: PostgresSyncStore, maxRows: Int) async throws -> [[SyncJSON?]] {
    var since: Int64 = 0
    var pages: [[SyncJSON?]] = []
    for _ in 0..<50 {
      let page = try parseJSON(
        try await store.perform(.pull(since: since, maxRows: maxRows), as: caller(userA)))
      let rows = try #require(page["changes"]?.arrayValue)
      pages.append(rows.map { $0["row"]?["id"] })
      since = Int64(try #require(page["next"]?.numberValue))
      if page["has_more"] != .bool(true) { return pages }
    }
    Issue.record("still more after 50 pages")
    return pages
  }

  private func id(_ number: Int) -> SyncJSON { .string(syncID(number).uuidString.lowercased()) }

  @Test func aPageStopsAtItsByteBoundAndTheNextPagesBringTheRest() async throws {
    let database = try await SyncDatabase.make(.postgres)
    let text = String(repeating: "x", count: 900)
    _ = try await database.push(
      (1...6).map {
        change("memories", memoryRow(syncID($0), content: text), clocks: ["content": hlc(1)])
      }, as: userA)
    // About 1,500 bytes a row by the estimate: a page takes rows until it holds 2,000.
    let bounded = try await pages(try store(database, maximumPageBytes: 2_000), maxRows: 1000)
    #expect(bounded.map(\.count) == [2, 2, 2])
    #expect(bounded.flatMap { $0 } == (1...6).map(id))
    // The row bound still applies, and the default byte bound takes them all at once.
    #expect(try await pages(try store(database, maximumPageBytes: 2_000), maxRows: 1).count == 6)
    #expect(try await pages(try database.server.sync, maxRows: 1000).map(\.count) == [6])
    await database.close()
  }

  /// Conversations, messages and memories each count by their own columns, in change order.
  @Test func rowsOfEveryTableCountTowardTheBound() async throws {
    let database = try await SyncDatabase.make(.postgres)
    let long = String(repeating: "z", count: 3_000)
    _ = try await database.push(
      [
        change("conversations", conversationRow(syncID(1)), clocks: ["title": hlc(1)]),
        change("messages", messageRow(syncID(2), in: syncID(1)), clocks: ["body": hlc(1)]),
        change(
          "conversations", conversationRow(syncID(3), title: String(long.prefix(900))),
          clocks: ["title": hlc(1)]),
        change(
          "messages", messageRow(syncID(4), in: syncID(1), content: long),
          clocks: ["body": hlc(1)]),
        change("memories", memoryRow(syncID(5), content: long), clocks: ["content": hlc(1)]),
        change("memories", memoryRow(syncID(6)), clocks: ["content": hlc(1)]),
      ], as: userA)
    // By the estimate small rows are about 550 bytes, the 900-character title about 1,450
    // and the long message and memory about 3,550: with a bound of 2,000 the first page
    // takes three rows (1,100 before the third), and each long row then goes alone.
    let bounded = try await pages(try store(database, maximumPageBytes: 2_000), maxRows: 100)
    #expect(bounded.map(\.count) == [3, 1, 1, 1])
    #expect(bounded.flatMap { $0 } == (1...6).map(id))
    await database.close()
  }

  @Test func aRowLargerThanTheBoundGoesAloneAfterTheRowsThatFit() async throws {
    let database = try await SyncDatabase.make(.postgres)
    _ = try await database.push(
      [
        change("memories", memoryRow(syncID(1)), clocks: ["content": hlc(1)]),
        change(
          "memories", memoryRow(syncID(2), content: String(repeating: "y", count: 5_000)),
          clocks: ["content": hlc(1)]),
        change("memories", memoryRow(syncID(3)), clocks: ["content": hlc(1)]),
      ], as: userA)
    // A small row is about 600 bytes by the estimate, the long one about 5,600.
    let store = try store(database, maximumPageBytes: 1_000)
    #expect(try await pages(store, maxRows: 10) == [[id(1), id(2)], [id(3)]])
    // Arguments the function refuses are refused by it, with its own code, as before.
    for (since, maxRows) in [(Int64(-1), 10), (0, 0), (0, 1001)] {
      let error = await #expect(throws: SyncCallError.self) {
        try await store.perform(.pull(since: since, maxRows: maxRows), as: caller(userA))
      }
      #expect(error?.code == "22023")
      #expect(error?.status == 400)
    }
    await database.close()
  }
}
