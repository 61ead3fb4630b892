import Foundation

/// The sync store of a database that has none yet (SQLite until its store lands): every call
/// is refused with 503 `PGRST000`, and there are never rows to delete.
struct UnavailableSyncStore: SyncStore {
  func perform(_ call: SyncCall, as caller: SyncCaller) async throws(SyncCallError) -> String {
    throw SyncCallError(
      status: 503, code: "PGRST000", message: "sync is not available on this store")
  }

  func deleteSyncedRows(of user: UUID) async throws {}
}
