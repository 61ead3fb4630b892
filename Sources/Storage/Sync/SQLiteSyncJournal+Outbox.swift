import Foundation

extension SQLiteSyncJournal {
  private struct Entry {
    var number: Int64
    var table: SyncTable
    var id: UUID
    var keys: [String]
    var clock: String
    var deletedAt: Date?
  }

  public func pending(account: UUID, limit: Int) async throws -> [SyncOutboxItem] {
    guard limit > 0 else { return [] }
    return try await database.snapshot { connection in
      // The batch's rows are chosen in SQL, in the order the items are sent (conversations,
      // then messages oldest first, then memories; first change first), so a batch reads
      // only its own entries, not the whole outbox again for every push.
      var decodedKeys: [String: [String]] = [:]
      let entries = try connection.query(
        """
        SELECT entry, table_name, row_id, merge_keys, clock, deleted_at FROM sync_outbox
        WHERE account = ?1 AND row_id IN (
          SELECT o.row_id FROM sync_outbox AS o
          LEFT JOIN messages AS m ON o.table_name = 'messages' AND m.id = o.row_id
          WHERE o.account = ?1 GROUP BY o.row_id
          ORDER BY min(CASE o.table_name WHEN 'conversations' THEN 0
              WHEN 'messages' THEN 1 ELSE 2 END),
            coalesce(max(m.created_at), 9223372036854775807), min(o.entry)
          LIMIT ?2)
        ORDER BY entry
        """, account, limit
      ) { row -> Entry in
        guard let table = SyncTable(rawValue: row.string(1)) else {
          throw StorageError.corrupted("sync_outbox names an unknown table")
        }
        let text = row.string(3)
        let keys: [String]
        if let known = decodedKeys[text] {
          keys = known
        } else {
          do {
            keys = try JSONDecoder().decode([String].self, from: Data(text.utf8))
          } catch {
            throw StorageError.corrupted("a sync_outbox entry's merge keys are not a list")
          }
          decodedKeys[text] = keys
        }
        return Entry(
          number: row.int64(0), table: table, id: try row.uuid(2), keys: keys,
          clock: row.string(4), deletedAt: row.isNull(5) ? nil : row.date(5))
      }
      var order: [UUID] = []
      var folded: [UUID: SyncOutboxItem] = [:]
      for entry in entries {
        let clocks = Dictionary(entry.keys.map { ($0, entry.clock) }) { max($0, $1) }
        if var item = folded[entry.id] {
          item.clocks.merge(clocks) { max($0, $1) }
          item.deletedAt = entry.deletedAt ?? item.deletedAt
          item.throughEntry = entry.number
          folded[entry.id] = item
        } else {
          order.append(entry.id)
          folded[entry.id] = SyncOutboxItem(
            table: entry.table, id: entry.id, operation: .upsert, record: nil,
            deletedAt: entry.deletedAt, clocks: clocks, throughEntry: entry.number)
        }
      }
      var items: [(item: SyncOutboxItem, rank: Int, created: Date, position: Int)] = []
      for (position, id) in order.enumerated() {
        guard var item = folded[id] else { continue }
        item.record = try Self.load(item.table, id: id, from: connection)
        if item.record == nil {
          item.operation = .delete
          item.clocks = Dictionary(
            uniqueKeysWithValues: item.table.mergeKeys.map { key in
              (key, item.clocks.values.max() ?? "")
            })
        } else {
          item.deletedAt = nil
        }
        let rank = SyncTable.allCases.firstIndex(of: item.table) ?? 0
        var created = Date.distantFuture
        if case .message(let message) = item.record { created = message.createdAt }
        items.append((item, rank, created, position))
      }
      items.sort { lhs, rhs in
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        if lhs.created != rhs.created { return lhs.created < rhs.created }
        return lhs.position < rhs.position
      }
      return items.prefix(limit).map(\.item)
    }
  }

  /// The live row `id` of `table`, or `nil` when it is not stored.
  static func load(
    _ table: SyncTable, id: UUID, from connection: SQLiteConnection
  ) throws
    -> SyncRecord?
  {
    switch table {
    case .conversations:
      try connection.first(ConversationSQL.get, id, map: ConversationSQL.decode).map {
        .conversation($0)
      }
    case .messages:
      try connection.first(MessageSQL.get, id) { try MessageSQL.decode($0) }.map {
        .message($0)
      }
    case .memories:
      try connection.first(
        "SELECT id, text, created_at, updated_at, source FROM memories WHERE id = ?", id
      ) { row in
        MemoryDTO(
          id: try row.uuid(0), text: row.string(1), createdAt: row.date(2),
          updatedAt: row.date(3),
          source: row.optionalString(4).flatMap(MemoryDTO.Source.init(rawValue:)))
      }.map { .memory($0) }
    }
  }

  public func acknowledge(
    _ items: [SyncOutboxItem], stored: [SyncServerRow?], account: UUID
  ) async throws -> SyncApplyReport {
    guard items.count == stored.count else {
      throw StorageError.invalidInput("\(stored.count) rows for \(items.count) items")
    }
    return try await database.write { connection in
      try Self.applying(connection) {
        var report = SyncApplyReport()
        for (item, row) in zip(items, stored) {
          try connection.run(
            // `+account`: the row's index, not the account's, which would scan the whole
            // outbox for every acknowledged row.
            "DELETE FROM sync_outbox WHERE +account = ? AND row_id = ? AND entry <= ?", account,
            item.id, item.throughEntry)
          guard let row else { continue }
          if try Self.isWaiting(row.id, account: account, in: connection) {
            report.skipped += 1
          } else {
            try Self.store(row, into: &report, connection: connection)
          }
        }
        return report
      }
    }
  }

  public func apply(
    _ rows: [SyncServerRow], account: UUID, cursor: Int64
  ) async throws -> SyncApplyReport {
    try await database.write { connection in
      try Self.applying(connection) {
        var report = SyncApplyReport()
        for row in rows {
          if try Self.isWaiting(row.id, account: account, in: connection) {
            report.skipped += 1
          } else {
            try Self.store(row, into: &report, connection: connection)
          }
        }
        try connection.run(
          """
          INSERT INTO sync_cursors (account, cursor) VALUES (?, ?)
          ON CONFLICT (account) DO UPDATE SET cursor = excluded.cursor
          """, account, cursor)
        return report
      }
    }
  }

  /// Runs `body` with the `applying` flag on, so the triggers record nothing; the flag is
  /// off again when the transaction commits (and rolls back with it).
  private static func applying<T>(
    _ connection: SQLiteConnection, _ body: () throws -> T
  ) throws
    -> T
  {
    try connection.run("UPDATE sync_state SET applying = 1 WHERE id = 1")
    let result = try body()
    try connection.run("UPDATE sync_state SET applying = 0 WHERE id = 1")
    return result
  }

  private static func isWaiting(
    _ id: UUID, account: UUID, in connection: SQLiteConnection
  )
    throws -> Bool
  {
    try connection.first(
      // `+account` keeps SQLite on the row's index (see `acknowledge`).
      "SELECT 1 FROM sync_outbox WHERE +account = ? AND row_id = ? LIMIT 1", account, id,
      map: { _ in true }) ?? false
  }
}
