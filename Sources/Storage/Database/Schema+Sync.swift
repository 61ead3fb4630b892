/// Version 6: the device's sync journal (docs/SYNC.md §5).
///
/// `sync_state` is one row: the device id, whether recording is on, the signed-in account
/// (NULL when signed out), the last clock value issued and the `applying` flag that the
/// journal sets while it stores server rows, so they never echo. `sync_outbox` holds one
/// entry per recorded change with the merge keys it touched (a JSON array) and their clock;
/// triggers write it in the same transaction as the change, through `kiln_sync_clock`
/// (`SyncClockFunction`), which every writing connection registers. `sync_cursors` keeps
/// each account's pull cursor and `sync_parked` the pulled messages whose conversation is
/// not here yet.
extension Schema {
  static let syncJournal =
    """
    CREATE TABLE sync_state (
      id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
      device_id BLOB,
      recording INTEGER NOT NULL DEFAULT 0,
      account BLOB,
      last_clock TEXT,
      applying INTEGER NOT NULL DEFAULT 0
    );
    INSERT INTO sync_state (id) VALUES (1);
    CREATE TABLE sync_outbox (
      entry INTEGER PRIMARY KEY AUTOINCREMENT,
      table_name TEXT NOT NULL,
      row_id BLOB NOT NULL,
      op TEXT NOT NULL CHECK (op IN ('upsert', 'delete')),
      merge_keys TEXT NOT NULL,
      clock TEXT NOT NULL,
      account BLOB,
      deleted_at INTEGER
    );
    CREATE INDEX sync_outbox_row ON sync_outbox (row_id, entry);
    CREATE INDEX sync_outbox_account ON sync_outbox (account, entry);
    CREATE TABLE sync_cursors (
      account BLOB PRIMARY KEY NOT NULL,
      cursor INTEGER NOT NULL
    );
    CREATE TABLE sync_parked (
      id BLOB PRIMARY KEY NOT NULL,
      conversation_id BLOB NOT NULL,
      parent_id BLOB,
      role TEXT NOT NULL,
      text TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      status TEXT NOT NULL,
      model TEXT,
      finish_reason TEXT,
      prompt_tokens INTEGER,
      completion_tokens INTEGER,
      reasoning TEXT,
      error_code TEXT,
      on_active_path INTEGER NOT NULL
    );
    CREATE INDEX sync_parked_conversation ON sync_parked (conversation_id);

    """ + syncTriggers

  /// One merge key: its name and the local columns it covers.
  private typealias Key = (name: String, columns: [String])

  private static let conversationKeys: [Key] = [
    ("title", ["title"]), ("persona", ["persona_name", "persona_id"]),
    ("is_pinned", ["is_pinned"]), ("is_archived", ["is_archived"]),
  ]
  private static let messageKeys: [Key] = [
    (
      "body",
      [
        "text", "status", "model", "finish_reason", "prompt_tokens", "completion_tokens",
        "reasoning", "error_code",
      ]
    )
  ]
  private static let memoryKeys: [Key] = [("content", ["text"]), ("source", ["source"])]

  private static let recording =
    "(SELECT recording = 1 AND applying = 0 FROM sync_state WHERE id = 1)"
  private static let finished = "('complete', 'failed', 'cancelled')"

  private static var syncTriggers: String {
    [
      triggers(table: "conversations", keys: conversationKeys, finishedOnly: false),
      triggers(table: "messages", keys: messageKeys, finishedOnly: true),
      triggers(table: "memories", keys: memoryKeys, finishedOnly: false),
    ].joined(separator: "\n")
  }

  private static func changed(_ key: Key) -> String {
    key.columns.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")
  }

  /// Insert, update and delete triggers for `table`; with `finishedOnly`, rows are recorded
  /// only once their status is final.
  private static func triggers(table: String, keys: [Key], finishedOnly: Bool) -> String {
    let all = "'[" + keys.map { "\"\($0.name)\"" }.joined(separator: ",") + "]'"
    let touched =
      "(SELECT json_group_array(k) FROM ("
      + keys.map { "SELECT '\($0.name)' AS k WHERE \(changed($0))" }
      .joined(separator: " UNION ALL ") + "))"
    let anyChanged = keys.map { "(\(changed($0)))" }.joined(separator: " OR ")
    let newFinished = finishedOnly ? " AND new.status IN \(finished)" : ""
    let oldFinished = finishedOnly ? " AND old.status IN \(finished)" : ""
    func body(row: String, op: String, keys: String, deleted: String) -> String {
      """
      BEGIN
        UPDATE sync_state SET last_clock = \(SyncClockFunction.name)(last_clock, device_id)
        WHERE id = 1;
        INSERT INTO sync_outbox (table_name, row_id, op, merge_keys, clock, account, deleted_at)
        SELECT '\(table)', \(row), '\(op)', \(keys), last_clock, account, \(deleted)
        FROM sync_state WHERE id = 1;
      END;
      """
    }
    return """
      CREATE TRIGGER sync_\(table)_insert AFTER INSERT ON \(table)
      WHEN \(recording)\(newFinished)
      \(body(row: "new.id", op: "upsert", keys: all, deleted: "NULL"))
      CREATE TRIGGER sync_\(table)_update AFTER UPDATE ON \(table)
      WHEN \(recording)\(newFinished) AND (\(anyChanged))
      \(body(row: "new.id", op: "upsert", keys: touched, deleted: "NULL"))
      CREATE TRIGGER sync_\(table)_delete AFTER DELETE ON \(table)
      WHEN \(recording)\(oldFinished)
      \(body(row: "old.id", op: "delete", keys: all, deleted: "CAST(substr(last_clock, 1, 15) AS INTEGER)"))
      """
  }
}
