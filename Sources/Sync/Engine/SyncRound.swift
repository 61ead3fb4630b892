import Core
import Foundation
import Storage

/// One round for one account: push the outbox in batches, acknowledging each answer, then
/// pull pages from the account's cursor, applying each with its `next`.
///
/// Every step either completes in the journal (one transaction) or changes nothing, so a
/// failure leaves the outbox entries and the cursor of the step that failed as they were;
/// batches acknowledged before it stay acknowledged, since the server stored them.
struct SyncRound: Sendable {
  let journal: any SyncJournal
  let transport: SyncTransport
  let account: UUID
  let configuration: SyncEngineConfiguration
  let clock: AppClock

  /// Runs the round.
  func run() async -> Result<SyncRoundReport, SyncError> {
    let start = clock.now()
    var report = SyncRoundReport()
    do throws(SyncError) {
      try await push(into: &report)
      try await pull(into: &report)
    } catch {
      return .failure(error)
    }
    report.duration = .timeInterval(clock.now().timeIntervalSince(start))
    return .success(report)
  }

  /// Pushes the outbox a batch at a time, one request in flight: while the server stores
  /// one batch, the round acknowledges the batch before it and prepares the next, so the
  /// device's work and the server's overlap. Batches still reach the server one after
  /// another, each sent only once the one before it was stored.
  private func push(into report: inout SyncRoundReport) async throws(SyncError) {
    var cursor = try await journaled { try await journal.summary(account: account).cursor }
    var current = try await preparePush(excluding: [])
    var answered: (push: SyncPreparedPush, reply: Data)?
    var pushes = 0
    while let push = current, pushes < configuration.maximumPushesPerRound {
      try checkCancellation()
      pushes += 1
      async let reply = transport.send(push)
      if let (sent, body) = answered {
        try await acknowledge(sent, reply: body, cursor: &cursor, report: &report)
      }
      do throws(SyncError) {
        current = try await preparePush(excluding: push.items)
      } catch {
        // A change the contract cannot carry stops the round, but the batch at the server
        // is still recorded when its answer comes, so it is not sent again and again.
        if let body = try? await reply {
          try await acknowledge(push, reply: body, cursor: &cursor, report: &report)
        }
        throw error
      }
      do {
        answered = (push, try await reply)
      } catch {
        throw SyncError.from(error)
      }
    }
    if let (sent, body) = answered {
      try await acknowledge(sent, reply: body, cursor: &cursor, report: &report)
    }
  }

  /// The next batch to push, without the rows of `inFlight` (sent, not yet acknowledged),
  /// or `nil` when nothing else waits.
  private func preparePush(
    excluding inFlight: [SyncOutboxItem]
  ) async throws(SyncError) -> SyncPreparedPush? {
    let batchSize = configuration.pushBatchSize
    let sending = Set(inFlight.map { RowKey(table: $0.table, id: $0.id) })
    let waiting = try await journaled {
      try await journal.pending(account: account, limit: batchSize + inFlight.count)
    }
    let items = Array(
      waiting.lazy.filter { !sending.contains(RowKey(table: $0.table, id: $0.id)) }
        .prefix(batchSize))
    guard !items.isEmpty else { return nil }
    return try transport.preparePush(
      items, account: account, maximumBodyBytes: configuration.maximumPushBytes)
  }

  /// Reads the answer to `push` and records it: the outbox entries it covered go, the rows
  /// the server returned are stored, and the cursor skips the device's own new rows.
  private func acknowledge(
    _ push: SyncPreparedPush, reply: Data, cursor: inout Int64,
    report: inout SyncRoundReport
  ) async throws(SyncError) {
    let exchange = try transport.decode(reply, of: push)
    let rows = exchange.value.map(\.row)
    let applied = try await journaled {
      try await journal.acknowledge(push.items, stored: rows, account: account)
    }
    report.add(exchange.value)
    report.add(exchange)
    report.add(applied)
    if let moved = Self.cursor(after: cursor, ownRows: rows) {
      _ = try await journaled { try await journal.apply([], account: account, cursor: moved) }
      cursor = moved
    }
  }

  /// A row of one table, to tell batches apart.
  private struct RowKey: Hashable {
    let table: SyncTable
    let id: UUID
  }

  private func pull(into report: inout SyncRoundReport) async throws(SyncError) {
    var cursor = try await journaled { try await journal.summary(account: account).cursor }
    var pageSize = configuration.pullPageSize
    for _ in 0..<configuration.maximumPagesPerRound {
      try checkCancellation()
      let exchange: SyncExchange<SyncPullPage>
      do {
        exchange = try await transport.pull(since: cursor, maxRows: pageSize)
      } catch .invalidReply(.tooLarge) where pageSize > 1 {
        // A server that does not bound its pages in bytes (the SQL function does not) can
        // answer a page of long rows with more than the codec reads; fewer rows fit, and one
        // row always does.
        pageSize = max(1, pageSize / 2)
        continue
      }
      let page = exchange.value
      let applied = try await journaled {
        try await journal.apply(page.rows, account: account, cursor: page.next)
      }
      cursor = page.next
      report.pulled += page.rows.count
      report.add(exchange)
      report.add(applied)
      if !page.hasMore { return }
    }
  }

  /// The cursor a push lets the device skip to, or `nil`: when the rows the server
  /// returned carry every change number after `cursor` up to the highest (each user's
  /// numbers have no gaps), no other change lies in between, and the device already holds
  /// each of those rows as the push stored it, so pulling them back would only repeat them.
  /// A row another device changed in between leaves a gap, and the pull brings it.
  static func cursor(after cursor: Int64, ownRows rows: [SyncServerRow?]) -> Int64? {
    let newer = Set(rows.compactMap { $0?.changeSequence }.filter { $0 > cursor })
    guard let highest = newer.max(), Int64(newer.count) == highest - cursor else { return nil }
    return highest
  }

  private func checkCancellation() throws(SyncError) {
    if Task.isCancelled { throw .cancelled }
  }

  /// Runs a journal call, turning its failure into `SyncError.storage`.
  private func journaled<Value: Sendable>(
    _ work: () async throws -> Value
  ) async throws(SyncError) -> Value {
    do {
      return try await work()
    } catch let error as StorageError {
      throw .storage("\(error)")
    } catch is CancellationError {
      throw .cancelled
    } catch {
      throw .storage("\(type(of: error))")
    }
  }
}
