import Foundation
import Postgres
import Testing

@testable import Backend

/// Change numbers follow commit order: a pull never moves its cursor past a change that
/// commits later with a smaller number.
@Suite("PostgresSync commit order")
struct PostgresSyncOrderTests {
  /// Opens a transaction on `connection` as `user`, as the store does, and pushes `changes`
  /// without committing.
  private func pushUncommitted(
    _ changes: [SyncJSON], as user: UUID, on connection: PostgresConnection
  ) async throws {
    try await connection.execute("BEGIN")
    try await connection.execute("SET LOCAL ROLE authenticated")
    try await connection.query(
      "SELECT set_config('request.jwt.claims', $1, true)", [.text(claims(of: user))])
    try await connection.query(
      "SELECT public.sync_push($1::jsonb)", [.text(try jsonText(.array(changes)))])
  }

  /// Waits until `count` sessions of the database wait for a lock (bounded).
  private func waitForLockWaiters(_ count: Int, on observer: PostgresConnection) async throws {
    for _ in 0..<2000 {
      let waiting = try await observer.query(
        """
        SELECT count(*) FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'
        """)
      if try waiting.first?.decode(Int.self, at: 0) == count { return }
      await Task.yield()
    }
    Issue.record("no session waited for the sequence lock")
  }

  @Test func aPullBetweenTwoConcurrentPushesNeverSkipsTheLaterCommit() async throws {
    let database = try await SyncDatabase.make()
    let first = try await database.connect()
    let second = try await database.connect()
    let observer = try await database.connect()
    try await pushUncommitted(
      [change("memories", memoryRow(syncID(1)), clocks: ["content": hlc(1)])], as: userA,
      on: first)
    let blocked = Task {
      try await pushUncommitted(
        [change("memories", memoryRow(syncID(2)), clocks: ["content": hlc(1)])], as: userA,
        on: second)
    }
    try await waitForLockWaiters(1, on: observer)
    let during = try await database.pull(as: userA)
    #expect(during["next"] == .number(0))
    try await first.execute("COMMIT")
    try await blocked.value
    let between = try await database.pull(as: userA)
    #expect(between["next"] == .number(1))
    #expect(between["changes"]?.arrayValue?.count == 1)
    try await second.execute("COMMIT")
    let after = try await database.pull(since: 1, as: userA)
    #expect(after["changes"]?.arrayValue?.first?["row"]?["change_seq"] == .number(2))
    #expect(
      after["changes"]?.arrayValue?.first?["row"]?["id"]
        == .string(syncID(2).uuidString.lowercased()))
    for connection in [first, second, observer] { await connection.close() }
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func concurrentPushesOfOneUserNumberEveryChangeOnceWithoutGaps(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for pusher in 0..<8 {
        group.addTask {
          let changes = (0..<5).map { number in
            change(
              "memories", memoryRow(syncID(pusher * 10 + number + 1)),
              clocks: ["content": hlc(1)])
          }
          _ = try await database.push(changes, as: userA)
        }
      }
      try await group.waitForAll()
    }
    let numbers = try await database.allRows(of: userA).compactMap {
      $0["row"]?["change_seq"]?.numberValue
    }
    #expect(numbers == (1...40).map(Double.init))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func eachUserHasTheirOwnSequence(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    _ = try await database.push(
      [change("memories", memoryRow(syncID(1)), clocks: ["content": hlc(1)])], as: userA)
    let results = try await database.results(
      [change("memories", memoryRow(syncID(2)), clocks: ["content": hlc(1)])], as: userB)
    #expect(results[0]["row"]?["change_seq"] == .number(1))
    await database.close()
  }
}
