import Synchronization

/// A group commit: items that arrive while a write is in progress wait for it, then go to
/// the store together in the next one, so a busy server pays one transaction for many
/// ledger lines instead of one each (decision 190).
///
/// The item that finds no write in progress starts a writer task, which writes batches
/// until none is left, so no item waits for a writer that is not there.
/// Every caller returns once its own item is stored, or throws what storing it threw. A
/// batch that fails is written again one item at a time, so one item the store refuses
/// never loses the others.
final class CoalescedWrites<Item: Sendable>: Sendable {
  typealias Flush = @Sendable ([Item]) async throws(ServerStoreError) -> Void

  private struct Waiting {
    var item: Item
    /// Told `nil` once the item is stored, or what storing it threw.
    var done: @Sendable (ServerStoreError?) -> Void
  }

  private struct State {
    var queued: [Waiting] = []
    var writing = false
  }

  private let state = Mutex(State())
  /// The most items one write takes.
  let maximumBatch: Int

  init(maximumBatch: Int = 256) {
    self.maximumBatch = max(1, maximumBatch)
  }

  /// Stores `item` with `flush`, alone or with others that arrive at the same time.
  /// - Throws: what `flush` threw for the item.
  func write(_ item: Item, with flush: @escaping Flush) async throws(ServerStoreError) {
    let failure = await withCheckedContinuation {
      (stored: CheckedContinuation<ServerStoreError?, Never>) in
      submit(item, with: flush) { stored.resume(returning: $0) }
    }
    if let failure { throw failure }
  }

  /// Queues `item` for `flush` as `write` does, without waiting: `done` is called once it is
  /// stored (`nil`) or with what storing it threw, on the writer's task. For a caller with
  /// nothing to do after the write but note it, this saves a suspended task per item.
  func submit(
    _ item: Item, with flush: @escaping Flush,
    then done: @escaping @Sendable (ServerStoreError?) -> Void
  ) {
    let leads = state.withLock { state -> Bool in
      state.queued.append(Waiting(item: item, done: done))
      guard !state.writing else { return false }
      state.writing = true
      return true
    }
    if leads {
      Task { await self.drain(with: flush) }
    }
  }

  /// Writes batches until nothing is queued, then lets the next arrival write.
  private func drain(with flush: Flush) async {
    while true {
      let batch = state.withLock { state -> [Waiting] in
        let count = min(maximumBatch, state.queued.count)
        guard count > 0 else {
          state.writing = false
          return []
        }
        defer { state.queued.removeFirst(count) }
        return Array(state.queued[0..<count])
      }
      guard !batch.isEmpty else { return }
      do {
        try await flush(batch.map(\.item))
        for waiting in batch { waiting.done(nil) }
      } catch {
        guard batch.count > 1 else {
          batch[0].done(error)
          continue
        }
        for waiting in batch {
          do {
            try await flush([waiting.item])
            waiting.done(nil)
          } catch {
            waiting.done(error)
          }
        }
      }
    }
  }
}
