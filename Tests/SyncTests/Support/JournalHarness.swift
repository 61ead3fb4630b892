import Foundation
import Storage
import TestSupport

/// A journal for the engine's tests with the local writes that fill its outbox. Every
/// engine test takes its journal from `JournalHarness.make`, so the SQLite journal can
/// run the same tests by joining the list there.
struct JournalHarness: Sendable {
  /// The journal under test, recording and signed in to `account`.
  let journal: any SyncJournal
  /// Writes a row locally, recording the merge keys it touched with their clocks.
  let write: @Sendable (SyncRecord, [String: String]) async throws -> Void
  /// Deletes a row locally.
  let delete: @Sendable (SyncTable, UUID, Date, String) async throws -> Void
  /// The device's copy of a row.
  let row: @Sendable (UUID) async throws -> SyncRecord?

  /// A harness signed in to `account`.
  static func make(account: UUID) async throws -> JournalHarness {
    let memory = InMemorySyncJournal(deviceID: SyncSamples.deviceID)
    let harness = JournalHarness(
      journal: memory,
      write: { record, keys in await memory.write(record, keys: keys) },
      delete: { table, id, date, clock in
        await memory.delete(table, id: id, at: date, clock: clock)
      },
      row: { id in await memory.row(id) })
    _ = try await harness.journal.startRecording()
    try await harness.journal.setAccount(account)
    return harness
  }
}
