import Foundation

/// The device side of sync: the outbox that records local changes and the place server rows
/// are applied (docs/SYNC.md §5). Implemented on the SQLite database, where the outbox is
/// written by triggers in the same transaction as each change.
public protocol SyncJournal: Sendable {
  /// Turns recording on and returns the device id. The first call gives the device its id
  /// and records every row already stored as changed while signed out. Calling it again
  /// changes nothing.
  /// - Throws: `StorageError` when the write fails.
  func startRecording() async throws -> UUID

  /// Sets the account that changes from now on belong to; `nil` when signed out.
  /// - Throws: `StorageError` when the write fails.
  func setAccount(_ account: UUID?) async throws

  /// The bookkeeping for `account`.
  /// - Throws: `StorageError` when the read fails.
  func summary(account: UUID) async throws -> SyncJournalSummary

  /// Up to `limit` rows with changes waiting for `account`, conversations first, then
  /// messages oldest first, then memories.
  /// - Throws: `StorageError` when the read fails.
  func pending(account: UUID, limit: Int) async throws -> [SyncOutboxItem]

  /// Records the server's answer to pushing `items`: removes their outbox entries up to
  /// each item's `throughEntry` and stores each returned row (`stored[i]` answers
  /// `items[i]`; `nil` when the server kept nothing) unless a newer local change to that row
  /// is waiting. One transaction.
  /// - Throws: `StorageError.invalidInput` when the counts differ; `StorageError`.
  func acknowledge(
    _ items: [SyncOutboxItem], stored: [SyncServerRow?], account: UUID
  ) async throws -> SyncApplyReport

  /// Applies one page of pulled rows and moves the account's cursor to `cursor`, in one
  /// transaction, without recording the changes. Rows with local changes waiting are
  /// skipped; tombstones delete; a message whose conversation is not here yet is parked
  /// and stored when it arrives.
  /// - Throws: `StorageError` when the write fails (nothing is applied).
  func apply(
    _ rows: [SyncServerRow], account: UUID, cursor: Int64
  ) async throws
    -> SyncApplyReport

  /// Hands every change made while signed out or by another account to `account`; returns
  /// how many rows that covers.
  /// - Throws: `StorageError` when the write fails.
  func adoptForeignChanges(into account: UUID) async throws -> Int

  /// Forgets the waiting changes made while signed out or by another account, keeping the
  /// rows on this device only; returns how many rows that covers.
  /// - Throws: `StorageError` when the write fails.
  func keepForeignChangesLocal(account: UUID) async throws -> Int
}
