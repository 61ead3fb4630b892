import Synchronization
import Testing

@testable import Backend

/// The group commit the SQLite ledger writes through.
@Suite struct CoalescedWritesTests {
  /// Records what each flush was given; flushes that include `refused` fail.
  final class Sink: Sendable {
    let batches = Mutex<[[Int]]>([])
    let refused: Int?

    init(refusing refused: Int? = nil) {
      self.refused = refused
    }

    func flush(_ items: [Int]) async throws(ServerStoreError) {
      batches.withLock { $0.append(items) }
      // A slow store: long enough for the other writers to arrive.
      try? await Task.sleep(for: .milliseconds(30))
      if let refused, items.contains(refused) { throw .unavailable("refused \(refused)") }
    }

    var stored: [Int] {
      batches.withLock { batches in
        batches.filter { batch in refused.map { !batch.contains($0) } ?? true }.flatMap { $0 }
      }
    }
  }

  /// Whether each writer's item was stored.
  final class Outcomes: Sendable {
    let stored = Mutex<[Int: Bool]>([:])
  }

  @Test func writesThatArriveDuringAWriteGoTogetherInTheNext() async throws {
    let writes = CoalescedWrites<Int>()
    let sink = Sink()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for item in 0..<40 {
        group.addTask {
          try await writes.write(item) { items throws(ServerStoreError) in
            try await sink.flush(items)
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(sink.stored.sorted() == Array(0..<40))
    // Forty writers, a 30 ms store: far fewer flushes than items.
    #expect(sink.batches.withLock { $0.count } < 20)
    #expect(sink.batches.withLock { $0.map(\.count).max() ?? 0 } > 1)
  }

  @Test func anItemTheStoreRefusesFailsAloneAndTheOthersAreStored() async throws {
    let writes = CoalescedWrites<Int>()
    let sink = Sink(refusing: 7)
    let outcomes = Outcomes()
    await withTaskGroup(of: Void.self) { group in
      for item in 0..<20 {
        group.addTask {
          let stored: Bool
          do {
            try await writes.write(item) { items throws(ServerStoreError) in
              try await sink.flush(items)
            }
            stored = true
          } catch {
            stored = false
          }
          outcomes.stored.withLock { $0[item] = stored }
        }
      }
    }
    let failed = outcomes.stored.withLock { $0.filter { !$0.value }.map(\.key) }
    #expect(failed == [7])
    #expect(Set(sink.stored) == Set(0..<20).subtracting([7]))
  }

  @Test func aLoneWriteIsStoredAtOnceAndTheNextStartsAFreshWriter() async throws {
    let writes = CoalescedWrites<Int>()
    let sink = Sink()
    try await writes.write(1) { items throws(ServerStoreError) in try await sink.flush(items) }
    try await writes.write(2) { items throws(ServerStoreError) in try await sink.flush(items) }
    #expect(sink.batches.withLock { $0 } == [[1], [2]])
  }
}
