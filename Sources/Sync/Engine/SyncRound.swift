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

  private func push(into report: inout SyncRoundReport) async throws(SyncError) {
    let batchSize = configuration.pushBatchSize
    for _ in 0..<configuration.maximumPushesPerRound {
      try checkCancellation()
      let items = try await journaled {
        try await journal.pending(account: account, limit: batchSize)
      }
      guard !items.isEmpty else { return }
      let exchange = try await transport.push(
        items, account: account, maximumBodyBytes: configuration.maximumPushBytes)
      let sent = Array(items.prefix(exchange.value.count))
      let rows = exchange.value.map(\.row)
      let applied = try await journaled {
        try await journal.acknowledge(sent, stored: rows, account: account)
      }
      report.add(exchange.value)
      report.add(exchange)
      report.add(applied)
      if items.count < batchSize, sent.count == items.count { return }
    }
  }

  private func pull(into report: inout SyncRoundReport) async throws(SyncError) {
    var cursor = try await journaled { try await journal.summary(account: account).cursor }
    for _ in 0..<configuration.maximumPagesPerRound {
      try checkCancellation()
      let exchange = try await transport.pull(since: cursor, maxRows: configuration.pullPageSize)
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
