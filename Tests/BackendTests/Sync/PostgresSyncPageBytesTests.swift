import Core
import Foundation
import TestSupport
import Testing

@testable import Backend

/// PostgreSQL's pull pages are bounded in bytes as the SQLite store's are (decision 198):
/// the same pushes page the same way, and a row larger than the bound still goes alone.
@Suite("PostgresSyncStore page bytes")
struct PostgresSyncPageBytesTests {
  private func store(
    _ database: SyncDatabase, maximumPageBytes: Int
  ) throws -> PostgresSyncStore {
    PostgresSyncStore(pool: try database.server.pool, maximumPageBytes: maximumPageBytes)
  }

  private func pages(_ store: PostgresSyncStore, maxRows: Int) async throws -> [[SyncJSON?]] {
    var since: Int64 = 0
    var pages: [[SyncJSON?]] = []
    while true {
      let page = try parseJSON(
        try await store.perform(.pull(since: since, maxRows: maxRows), as: caller(userA)))
      let rows = try #require(page["changes"]?.arrayValue)
      pages.append(rows.map { $0["row"]?["id"] })
      since = Int64(try #require(page["next"]?.numberValue))
      if page["has_more"] != .bool(true) { return pages }
    }
  }

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
    #expect(bounded.flatMap { $0 } == (1...6).map { .string(syncID($0).uuidString.lowercased()) })
    // The row bound still applies, and the default byte bound takes them all at once.
    #expect(try await pages(try store(database, maximumPageBytes: 2_000), maxRows: 1).count == 6)
    #expect(try await pages(try database.server.sync, maxRows: 1000).map(\.count) == [6])
    await database.close()
  }

  @Test func oneRowLargerThanTheBoundIsStillSentAlone() async throws {
    let database = try await SyncDatabase.make(.postgres)
    _ = try await database.push(
      [
        change(
          "memories", memoryRow(syncID(1), content: String(repeating: "y", count: 5_000)),
          clocks: ["content": hlc(1)]),
        change("memories", memoryRow(syncID(2)), clocks: ["content": hlc(1)]),
      ], as: userA)
    let store = try store(database, maximumPageBytes: 100)
    let page = try parseJSON(
      try await store.perform(.pull(since: 0, maxRows: 10), as: caller(userA)))
    #expect(page["changes"]?.arrayValue?.count == 1)
    #expect(page["next"] == .number(1))
    #expect(page["has_more"] == .bool(true))
    // Arguments the function refuses are refused as before, with its own error.
    for (since, maxRows) in [(Int64(-1), 10), (0, 0), (0, 1001)] {
      await #expect(throws: SyncCallError.self) {
        try await store.perform(.pull(since: since, maxRows: maxRows), as: caller(userA))
      }
    }
    await database.close()
  }
}
