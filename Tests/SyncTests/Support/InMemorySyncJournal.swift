import Foundation
import Storage

/// A `SyncJournal` in memory for the engine's tests: an outbox of entries tagged with the
/// account signed in when they were written, the device's rows, parked messages and one
/// cursor per account, following the protocol's doc comments. `failing` makes the next
/// calls of a method throw before they change anything.
actor InMemorySyncJournal: SyncJournal {
  struct Entry: Equatable {
    var number: Int64
    var table: SyncTable
    var id: UUID
    var operation: SyncOperation
    var deletedAt: Date?
    var clocks: [String: String]
    var account: UUID?
  }

  enum Method: Hashable { case pending, acknowledge, apply, summary }

  let deviceID: UUID
  private(set) var isRecording = false
  private(set) var account: UUID?
  private(set) var entries: [Entry] = []
  private(set) var rows: [UUID: SyncRecord] = [:]
  private(set) var parked: [UUID: SyncServerRow] = [:]
  private(set) var cursors: [UUID: Int64] = [:]
  private var lastEntry: Int64 = 0
  private var failing: Set<Method> = []

  init(deviceID: UUID) {
    self.deviceID = deviceID
  }

  // MARK: - Test controls

  /// A local write of `record` touching `keys`, as the triggers record it.
  func write(_ record: SyncRecord, keys: [String: String]) {
    rows[record.id] = record
    guard isRecording else { return }
    lastEntry += 1
    entries.append(
      Entry(
        number: lastEntry, table: record.table, id: record.id, operation: .upsert,
        deletedAt: nil, clocks: keys, account: account))
  }

  /// A local delete.
  func delete(_ table: SyncTable, id: UUID, at date: Date, clock: String) {
    rows[id] = nil
    if table == .conversations {
      rows = rows.filter {
        if case .message(let message) = $0.value { return message.conversationID != id }
        return true
      }
    }
    guard isRecording else { return }
    lastEntry += 1
    let keys = Dictionary(uniqueKeysWithValues: table.mergeKeys.map { ($0, clock) })
    entries.append(
      Entry(
        number: lastEntry, table: table, id: id, operation: .delete, deletedAt: date,
        clocks: keys, account: account))
  }

  /// Makes `method` throw `StorageError.busy` until `recover(_:)`.
  func fail(_ method: Method) { failing.insert(method) }

  /// Ends `fail(_:)`.
  func recover(_ method: Method) { failing.remove(method) }

  /// The device's copy of row `id`.
  func row(_ id: UUID) -> SyncRecord? { rows[id] }

  private func check(_ method: Method) throws {
    if failing.contains(method) { throw StorageError.busy }
  }

  // MARK: - SyncJournal

  func startRecording() async throws -> UUID {
    isRecording = true
    return deviceID
  }

  func setAccount(_ account: UUID?) async throws {
    self.account = account
  }

  func summary(account: UUID) async throws -> SyncJournalSummary {
    try check(.summary)
    let own = Set(entries.filter { $0.account == account }.map(\.id))
    let foreign = Set(entries.filter { $0.account != account }.map(\.id))
    return SyncJournalSummary(
      deviceID: deviceID, isRecording: isRecording, pendingRows: own.count,
      foreignRows: foreign.count, cursor: cursors[account] ?? 0)
  }

  func pending(account: UUID, limit: Int) async throws -> [SyncOutboxItem] {
    try check(.pending)
    var order: [UUID] = []
    var folded: [UUID: SyncOutboxItem] = [:]
    for entry in entries where entry.account == account {
      if var item = folded[entry.id] {
        item.operation = entry.operation
        item.deletedAt = entry.deletedAt ?? item.deletedAt
        item.clocks.merge(entry.clocks) { max($0, $1) }
        item.throughEntry = entry.number
        folded[entry.id] = item
      } else {
        order.append(entry.id)
        folded[entry.id] = SyncOutboxItem(
          table: entry.table, id: entry.id, operation: entry.operation, record: nil,
          deletedAt: entry.deletedAt, clocks: entry.clocks, throughEntry: entry.number)
      }
    }
    let tableOrder: [SyncTable: Int] = [.conversations: 0, .messages: 1, .memories: 2]
    let items = order.compactMap { id -> SyncOutboxItem? in
      guard var item = folded[id] else { return nil }
      item.record = item.operation == .upsert ? rows[id] : nil
      return item
    }
    let sorted = items.enumerated().sorted { lhs, rhs in
      let left = tableOrder[lhs.element.table] ?? 0
      let right = tableOrder[rhs.element.table] ?? 0
      return left != right ? left < right : lhs.offset < rhs.offset
    }
    return Array(sorted.map(\.element).prefix(limit))
  }

  func acknowledge(
    _ items: [SyncOutboxItem], stored: [SyncServerRow?], account: UUID
  ) async throws -> SyncApplyReport {
    try check(.acknowledge)
    guard items.count == stored.count else {
      throw StorageError.invalidInput("\(stored.count) rows for \(items.count) items")
    }
    var report = SyncApplyReport()
    for (item, row) in zip(items, stored) {
      entries.removeAll {
        $0.account == account && $0.id == item.id && $0.number <= item.throughEntry
      }
      guard let row else { continue }
      if entries.contains(where: { $0.account == account && $0.id == item.id }) {
        report.skipped += 1
      } else {
        store(row, into: &report)
      }
    }
    return report
  }

  func apply(
    _ rows: [SyncServerRow], account: UUID, cursor: Int64
  ) async throws -> SyncApplyReport {
    try check(.apply)
    var report = SyncApplyReport()
    for row in rows {
      if entries.contains(where: { $0.account == account && $0.id == row.id }) {
        report.skipped += 1
      } else {
        store(row, into: &report)
      }
    }
    cursors[account] = cursor
    return report
  }

  private func store(_ row: SyncServerRow, into report: inout SyncApplyReport) {
    guard let record = row.record else {
      if rows.removeValue(forKey: row.id) != nil { report.deleted += 1 }
      parked[row.id] = nil
      return
    }
    if case .message(let message) = record, rows[message.conversationID] == nil {
      parked[row.id] = row
      report.parked += 1
      return
    }
    rows[row.id] = record
    report.stored += 1
    if case .conversation = record {
      for (id, waiting) in parked {
        if case .message(let message) = waiting.record, message.conversationID == row.id {
          rows[id] = waiting.record
          parked[id] = nil
          report.stored += 1
        }
      }
    }
  }

  func adoptForeignChanges(into account: UUID) async throws -> Int {
    let ids = Set(entries.filter { $0.account != account }.map(\.id))
    for index in entries.indices where entries[index].account != account {
      entries[index].account = account
    }
    return ids.count
  }

  func keepForeignChangesLocal(account: UUID) async throws -> Int {
    let ids = Set(entries.filter { $0.account != account }.map(\.id))
    entries.removeAll { $0.account != account }
    return ids.count
  }
}
