import Foundation
import Storage

/// A `SyncJournal` for the app's sync tests: it records what the composition asked of it,
/// holds `pendingItems` for the account and `foreignRows` changed while signed out, and
/// counts what pulled pages would store or delete. The engine's own behaviour is tested in
/// SyncTests; here only the wiring around it is.
actor SyncTestJournal: SyncJournal {
  let deviceID = UUID(uuidString: "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b") ?? UUID()
  private(set) var recordingStarts = 0
  private(set) var accounts: [UUID?] = []
  private(set) var appliedRows: [SyncServerRow] = []
  private(set) var cursor: Int64 = 0
  var pendingItems: [SyncOutboxItem] = []
  var foreignRows = 0

  func setForeignRows(_ count: Int) { foreignRows = count }

  func startRecording() async throws -> UUID {
    recordingStarts += 1
    return deviceID
  }

  func setAccount(_ account: UUID?) async throws {
    accounts.append(account)
  }

  func summary(account: UUID) async throws -> SyncJournalSummary {
    SyncJournalSummary(
      deviceID: deviceID, isRecording: recordingStarts > 0, pendingRows: pendingItems.count,
      foreignRows: foreignRows, cursor: cursor)
  }

  func pending(account: UUID, limit: Int) async throws -> [SyncOutboxItem] {
    Array(pendingItems.prefix(limit))
  }

  func acknowledge(
    _ items: [SyncOutboxItem], stored: [SyncServerRow?], account: UUID
  ) async throws -> SyncApplyReport {
    let sent = Set(items.map(\.id))
    pendingItems.removeAll { sent.contains($0.id) }
    return SyncApplyReport(stored: stored.compactMap { $0 }.count)
  }

  func apply(
    _ rows: [SyncServerRow], account: UUID, cursor: Int64
  ) async throws -> SyncApplyReport {
    appliedRows += rows
    self.cursor = cursor
    let deleted = rows.filter { $0.record == nil }.count
    return SyncApplyReport(stored: rows.count - deleted, deleted: deleted)
  }

  func adoptForeignChanges(into account: UUID) async throws -> Int {
    defer { foreignRows = 0 }
    return foreignRows
  }

  func keepForeignChangesLocal(account: UUID) async throws -> Int {
    defer { foreignRows = 0 }
    return foreignRows
  }
}
