import Core
import Dispatch
import Foundation
import Storage
import Synchronization
import TestSupport
import Testing

@testable import Backend

/// Charging admissions that wait for the SQLite store's thread together are judged in one
/// transaction (decision 199).
@Suite("SQLite admission batches")
struct SQLiteAdmissionBatchTests {
  private let clock = ManualClock(start: storeNoon).appClock

  @Test func admissionsWaitingTogetherAreJudgedInOneTransactionEachSeeingTheOnesBefore()
    async throws
  {
    try await withTemporaryDirectory(prefix: "kiln-batch") { directory in
      let store = try SQLiteServerStore(directory: directory, clock: clock)
      let allowance = try freeMessages(5)
      let hold = try await ThreadHold(store)
      let request = admission(free: allowance)
      let decisions = try await withThrowingTaskGroup(of: AdmissionDecision.self) { group in
        for _ in 0..<12 {
          group.addTask { try await store.admit(request) }
        }
        try await waitUntil { store.database.pendingAdmissions.count == 12 }
        hold.release()
        return try await group.reduce(into: []) { $0.append($1) }
      }
      let admitted = decisions.compactMap { decision -> Int? in
        if case .admitted(let remaining) = decision { return remaining ?? -1 }
        return nil
      }
      #expect(admitted.sorted() == [0, 1, 2, 3, 4])
      #expect(decisions.count == 12)
      let batches = await store.database.admissionBatches
      #expect(batches.transactions == 1)
      #expect(batches.admissions == 12)
      // The batch was committed: a look (charging nothing) finds the allowance spent.
      #expect(
        try await store.admit(admission(free: allowance, charge: false))
          == .freeQuotaExhausted(retryAfter: nil))
      await store.close()
    }
  }

  @Test func aBatchTheFileRefusesIsJudgedAgainOneAtATimeSoOnlyTheRefusedOneFails() async throws {
    try await withTemporaryDirectory(prefix: "kiln-batch") { directory in
      let store = try SQLiteServerStore(directory: directory, clock: clock)
      let database = store.database
      let hold = try await ThreadHold(store)
      let users = ["user-a", "user-refused", "user-c"]
      let entries = users.map { database.pendingAdmissions.add(admission($0)) }
      // Counts a free message for each user, then fails for one of them after its write.
      let judge: @Sendable (AdmissionRequest, SQLiteConnection) throws -> AdmissionDecision = {
        request, connection in
        try connection.run(
          """
          INSERT INTO free_usage (user_id, bucket, used) VALUES (?, 'lifetime', 1)
          ON CONFLICT (user_id, bucket) DO UPDATE SET used = used + 1
          """, request.userID)
        if request.userID == "user-refused" {
          throw StorageError.failed(code: 1, detail: "refused by the test")
        }
        return .admitted(freeRemaining: nil)
      }
      let outcome = await takeTurns(
        users: users, entries: entries, on: database, judge: judge, releasing: hold)
      #expect((try? outcome["user-a"]?.get()) == .admitted(freeRemaining: nil))
      #expect((try? outcome["user-c"]?.get()) == .admitted(freeRemaining: nil))
      guard case .failure(let failure)? = outcome["user-refused"] else {
        Issue.record("the refused admission succeeded: \(String(describing: outcome))")
        return
      }
      #expect(unavailableReason(failure).contains("refused by the test"))
      // The failed batch was rolled back whole; each admitted user is counted once.
      let counts = try await store.perform("read") { connection in
        try connection.query("SELECT user_id, used FROM free_usage ORDER BY user_id") {
          "\($0.string(0))=\($0.int(1))"
        }
      }
      #expect(counts == ["user-a=1", "user-c=1"])
      let batches = await database.admissionBatches
      #expect(batches.transactions == 2)
      #expect(batches.admissions == 2)
      await store.close()
    }
  }
}

extension SQLiteAdmissionBatchTests {
  /// Judged again one at a time, an admission that meets the lock held too long fails the
  /// ones after it at once: each would otherwise hold the thread for a busy timeout.
  @Test func aLockHeldTooLongWhileJudgingOneAtATimeFailsTheRestWithoutWaiting() async throws {
    try await withTemporaryDirectory(prefix: "kiln-batch") { directory in
      let store = try SQLiteServerStore(directory: directory, clock: clock)
      let database = store.database
      let hold = try await ThreadHold(store)
      let users = ["user-a", "user-b", "user-c"]
      let entries = users.map { database.pendingAdmissions.add(admission($0)) }
      let calls = Mutex<[String: Int]>([:])
      let judge: @Sendable (AdmissionRequest, SQLiteConnection) throws -> AdmissionDecision = {
        request, _ in
        let call = calls.withLock { calls -> Int in
          calls[request.userID, default: 0] += 1
          return calls[request.userID, default: 0]
        }
        if request.userID == "user-b" {
          // The batch fails for another reason first; alone, the file is locked.
          throw call == 1 ? StorageError.failed(code: 1, detail: "refused") : StorageError.busy
        }
        return .admitted(freeRemaining: nil)
      }
      let outcome = await takeTurns(
        users: users, entries: entries, on: database, judge: judge, releasing: hold)
      #expect((try? outcome["user-a"]?.get()) == .admitted(freeRemaining: nil))
      for user in ["user-b", "user-c"] {
        guard case .failure(let failure)? = outcome[user] else {
          Issue.record("\(user) was admitted: \(String(describing: outcome[user]))")
          continue
        }
        #expect(unavailableReason(failure).contains("busy timeout"), "\(user)")
      }
      // user-c was never judged: the batch stopped at user-b, and so did the retries.
      #expect(calls.withLock { $0 } == ["user-a": 2, "user-b": 2])
      await store.close()
    }
  }
}

/// Gives each queued admission its turn on the store's thread, releases `hold`, and
/// returns every user's outcome.
private func takeTurns(
  users: [String], entries: [PendingAdmissions.Entry], on database: SQLiteServerDatabase,
  judge: @escaping @Sendable (AdmissionRequest, SQLiteConnection) throws -> AdmissionDecision,
  releasing hold: ThreadHold
) async -> [String: Result<AdmissionDecision, ServerStoreError>] {
  typealias Outcome = (String, Result<AdmissionDecision, ServerStoreError>)
  return await withTaskGroup(of: Outcome.self) { group in
    for (user, entry) in zip(users, entries) {
      group.addTask {
        do throws(ServerStoreError) {
          return (user, .success(try await database.admit(entry, judge: judge)))
        } catch {
          return (user, .failure(error))
        }
      }
    }
    hold.release()
    return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
  }
}

/// Holds the store's one thread busy until released, so admissions queue up behind it.
private final class ThreadHold: Sendable {
  private let gate = DispatchSemaphore(value: 0)
  private let held: Task<Void, any Error>

  init(_ store: SQLiteServerStore) async throws {
    let entered = Mutex(false)
    let gate = gate
    held = Task {
      try await store.perform("hold") { _ in
        entered.withLock { $0 = true }
        gate.wait()
      }
    }
    try await waitUntil { entered.withLock { $0 } }
  }

  func release() {
    gate.signal()
  }

  deinit {
    gate.signal()
  }
}

/// Polls `condition` every millisecond for up to ten seconds.
private func waitUntil(_ condition: () -> Bool) async throws {
  for _ in 0..<10_000 {
    if condition() { return }
    try await Task.sleep(for: .milliseconds(1))
  }
  Issue.record("the condition never held")
}
