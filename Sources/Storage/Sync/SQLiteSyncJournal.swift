import Foundation

/// The `SyncJournal` on a `StorageDatabase` (docs/SYNC.md §5): schema step 6's triggers
/// fill `sync_outbox` in the same transaction as every local change; this type reads the
/// outbox, stores server rows with the `applying` flag on (so they never echo) and keeps the
/// cursors. Every method is one transaction: a failure throws `StorageError` and leaves the
/// database as it was.
public struct SQLiteSyncJournal: SyncJournal {
  let database: StorageDatabase
  private let makeDeviceID: @Sendable () -> UUID

  /// A journal on `database`; `deviceID` makes the device id on the first
  /// `startRecording` (random by default).
  public init(database: StorageDatabase, deviceID: @escaping @Sendable () -> UUID = { UUID() }) {
    self.database = database
    self.makeDeviceID = deviceID
  }

  public func startRecording() async throws -> UUID {
    let fresh = makeDeviceID()
    return try await database.write { connection in
      if let existing = try connection.first(
        "SELECT device_id FROM sync_state WHERE id = 1 AND device_id IS NOT NULL",
        map: { try $0.uuid(0) })
      {
        try connection.run("UPDATE sync_state SET recording = 1 WHERE id = 1")
        return existing
      }
      try connection.run(
        "UPDATE sync_state SET device_id = ?, recording = 1 WHERE id = 1", fresh)
      // Rows stored before sync was first turned on count as written while signed out.
      try connection.run(
        "UPDATE sync_state SET last_clock = kiln_sync_clock(last_clock, device_id) WHERE id = 1")
      for table in SyncTable.allCases {
        let keys = "[" + table.mergeKeys.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let filter =
          table == .messages ? "WHERE t.status IN ('complete', 'failed', 'cancelled')" : ""
        try connection.run(
          """
          INSERT INTO sync_outbox (table_name, row_id, op, merge_keys, clock, account, deleted_at)
          SELECT ?, t.id, 'upsert', ?, s.last_clock, NULL, NULL
          FROM \(table.rawValue) AS t, sync_state AS s \(filter)
          ORDER BY t.created_at, t.id
          """, table.rawValue, keys)
      }
      return fresh
    }
  }

  public func setAccount(_ account: UUID?) async throws {
    try await database.write { connection in
      _ = try connection.run("UPDATE sync_state SET account = ? WHERE id = 1", account)
    }
  }

  public func summary(account: UUID) async throws -> SyncJournalSummary {
    try await database.snapshot { connection in
      let state = try connection.first(
        "SELECT device_id, recording FROM sync_state WHERE id = 1",
        map: { row in (try row.optionalUUID(0), row.bool(1)) })
      guard let state, let device = state.0 else {
        throw StorageError.invalidInput("sync recording was never started")
      }
      let pending =
        try connection.first(
          "SELECT count(DISTINCT row_id) FROM sync_outbox WHERE account = ?", account,
          map: { $0.int(0) }) ?? 0
      let foreign =
        try connection.first(
          "SELECT count(DISTINCT row_id) FROM sync_outbox WHERE account IS NOT ?", account,
          map: { $0.int(0) }) ?? 0
      let cursor =
        try connection.first(
          "SELECT cursor FROM sync_cursors WHERE account = ?", account, map: { $0.int64(0) })
        ?? 0
      return SyncJournalSummary(
        deviceID: device, isRecording: state.1, pendingRows: pending, foreignRows: foreign,
        cursor: cursor)
    }
  }

  public func adoptForeignChanges(into account: UUID) async throws -> Int {
    try await database.write { connection in
      let rows = try Self.foreignRows(connection, account: account)
      try connection.run(
        "UPDATE sync_outbox SET account = ? WHERE account IS NOT ?", account, account)
      return rows
    }
  }

  public func keepForeignChangesLocal(account: UUID) async throws -> Int {
    try await database.write { connection in
      let rows = try Self.foreignRows(connection, account: account)
      try connection.run("DELETE FROM sync_outbox WHERE account IS NOT ?", account)
      return rows
    }
  }

  private static func foreignRows(_ connection: SQLiteConnection, account: UUID) throws -> Int {
    try connection.first(
      "SELECT count(DISTINCT row_id) FROM sync_outbox WHERE account IS NOT ?", account,
      map: { $0.int(0) }) ?? 0
  }
}
