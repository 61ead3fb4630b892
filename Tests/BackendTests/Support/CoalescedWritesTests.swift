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

  /// Items handed over without waiting join the same batches as waiting writers, and each
  /// one is told once whether it was stored.
  @Test(.timeLimit(.minutes(1)))
  func submittedItemsAreToldOnceWhetherTheyWereStored() async throws {
    let writes = CoalescedWrites<Int>()
    let sink = Sink(refusing: 13)
    let told = Mutex<[Int: [Bool]]>([:])
    let (allTold, tell) = AsyncStream<Void>.makeStream()
    for item in 0..<20 {
      writes.submit(item, with: { items throws(ServerStoreError) in try await sink.flush(items) }) {
        failure in
        let count = told.withLock { told -> Int in
          told[item, default: []].append(failure == nil)
          return told.values.reduce(0) { $0 + $1.count }
        }
        if count == 20 { tell.finish() }
      }
    }
    // A waiting writer in among them shares a batch too.
    try await writes.write(20) { items throws(ServerStoreError) in try await sink.flush(items) }
    for await _ in allTold {}
    #expect(told.withLock { $0 }.values.allSatisfy { $0.count == 1 })
    #expect(told.withLock { $0.filter { $0.value == [false] }.map(\.key) } == [13])
    #expect(Set(sink.stored) == Set(0...20).subtracting([13]))
    // Items that arrived during a write went to the store together (those of the batch
    // that held the refused item then went again, one at a time).
    #expect(sink.batches.withLock { $0.map(\.count).max() ?? 0 } > 1)
  }

  @Test func aLoneWriteIsStoredAtOnceAndTheNextStartsAFreshWriter() async throws {
    let writes = CoalescedWrites<Int>()
    let sink = Sink()
    try await writes.write(1) { items throws(ServerStoreError) in try await sink.flush(items) }
    try await writes.write(2) { items throws(ServerStoreError) in try await sink.flush(items) }
    #expect(sink.batches.withLock { $0 } == [[1], [2]])
  }
}
