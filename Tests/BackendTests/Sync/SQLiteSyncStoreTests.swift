import Core
import Foundation
import TestSupport
import Testing

@testable import Backend

/// What only the SQLite sync store has: its page size in bytes, several stores (processes)
/// on one file, and a file that cannot answer.
@Suite("SQLiteSyncStore")
struct SQLiteSyncStoreTests {
  let clock = ManualClock(start: storeNoon).appClock

  private func push(_ changes: [SyncJSON], to store: SQLiteSyncStore) async throws {
    _ = try await store.perform(.push(changes: try jsonText(.array(changes))), as: caller(userA))
  }

  @Test func aPageStopsAtItsByteBoundAndTheNextPagesBringTheRest() async throws {
    try await withTemporaryDirectory(prefix: "kiln-sync") { directory in
      let database = try SQLiteServerDatabase(directory: directory, clock: clock)
      let store = SQLiteSyncStore(database: database, clock: clock, maximumPageBytes: 2_000)
      let text = String(repeating: "x", count: 900)
      try await push(
        (1...6).map {
          change("memories", memoryRow(syncID($0), content: text), clocks: ["content": hlc(1)])
        }, to: store)
      var since: Int64 = 0
      var pageSizes: [Int] = []
      var ids: [SyncJSON?] = []
      while true {
        let page = try parseJSON(
          try await store.perform(.pull(since: since, maxRows: 1000), as: caller(userA)))
        let rows = try #require(page["changes"]?.arrayValue)
        pageSizes.append(rows.count)
        ids += rows.map { $0["row"]?["id"] }
        since = Int64(try #require(page["next"]?.numberValue))
        if page["has_more"] != .bool(true) { break }
      }
      // About 1,200 bytes a row: a page takes rows until it holds 2,000 bytes or more.
      #expect(pageSizes == [2, 2, 2])
      #expect(ids == (1...6).map { .string(syncID($0).uuidString.lowercased()) })
      await database.close()
    }
  }

  @Test func oneRowLargerThanTheBoundIsStillSentAlone() async throws {
    try await withTemporaryDirectory(prefix: "kiln-sync") { directory in
      let database = try SQLiteServerDatabase(directory: directory, clock: clock)
      let store = SQLiteSyncStore(database: database, clock: clock, maximumPageBytes: 100)
      try await push(
        [
          change(
            "memories", memoryRow(syncID(1), content: String(repeating: "y", count: 500)),
            clocks: ["content": hlc(1)]),
          change("memories", memoryRow(syncID(2)), clocks: ["content": hlc(1)]),
        ], to: store)
      let page = try parseJSON(
        try await store.perform(.pull(since: 0, maxRows: 10), as: caller(userA)))
      #expect(page["changes"]?.arrayValue?.count == 1)
      #expect(page["next"] == .number(1))
      #expect(page["has_more"] == .bool(true))
      await database.close()
    }
  }

  @Test func storesOnOneFileNumberEveryChangeOnceInCommitOrder() async throws {
    try await withTemporaryDirectory(prefix: "kiln-sync") { directory in
      let databases = try (0..<4).map { _ in
        try SQLiteServerDatabase(directory: directory, clock: clock)
      }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (number, database) in databases.enumerated() {
          group.addTask {
            let store = SQLiteSyncStore(database: database, clock: clock)
            for round in 0..<5 {
              let id = syncID(number * 100 + round + 1)
              _ = try await store.perform(
                .push(
                  changes: try jsonText(
                    .array([change("memories", memoryRow(id), clocks: ["content": hlc(1)])]))),
                as: caller(userA))
            }
          }
        }
        try await group.waitForAll()
      }
      let page = try parseJSON(
        try await SQLiteSyncStore(database: databases[0], clock: clock)
          .perform(.pull(since: 0, maxRows: 1000), as: caller(userA)))
      let numbers = try #require(page["changes"]?.arrayValue).compactMap {
        $0["row"]?["change_seq"]?.numberValue
      }
      #expect(numbers == (1...20).map(Double.init))
      for database in databases { await database.close() }
    }
  }

  @Test func aClosedFileIs503WithPostgRESTsCodeAndNeverAHalfAnswer() async throws {
    try await withTemporaryDirectory(prefix: "kiln-sync") { directory in
      let database = try SQLiteServerDatabase(directory: directory, clock: clock)
      let store = SQLiteSyncStore(database: database, clock: clock)
      await database.close()
      for call in [SyncCall.pull(since: 0, maxRows: 5), .push(changes: "[]")] {
        let error = await #expect(throws: SyncCallError.self) {
          try await store.perform(call, as: caller(userA))
        }
        #expect(error?.status == 503)
        #expect(error?.code == "PGRST000")
      }
    }
  }

  @Test func anEmptyPushStoresNothingAndAnswersNoResults() async throws {
    try await withTemporaryDirectory(prefix: "kiln-sync") { directory in
      let database = try SQLiteServerDatabase(directory: directory, clock: clock)
      let store = SQLiteSyncStore(database: database, clock: clock)
      let answer = try await store.perform(.push(changes: "[]"), as: caller(userA))
      #expect(try parseJSON(answer) == .object(["results": .array([])]))
      await database.close()
    }
  }
}

/// The wire time's reading and writing on their own (the stores' suites check them against
/// PostgreSQL).
@Suite("SyncWireTime")
struct SyncWireTimeServerTests {
  @Test(arguments: [
    "1970-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z", "2026-12-02T10:07:54.123Z",
    "0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "2000-02-29T00:00:00.001Z",
  ])
  func aTimeReadsAndWritesBackTheSame(text: String) throws {
    #expect(SyncWireTime.text(try SyncWireTime.milliseconds(text)) == text)
  }

  @Test func theEpochIsZeroAndAMillisecondBeforeItIsMinusOne() throws {
    #expect(try SyncWireTime.milliseconds("1970-01-01T00:00:00.000Z") == 0)
    #expect(try SyncWireTime.milliseconds("1969-12-31T23:59:59.999Z") == -1)
  }
}
