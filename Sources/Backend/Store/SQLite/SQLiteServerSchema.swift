import Storage

/// The tables of kiln-server's SQLite file, one migration per schema version.
///
/// Times are REAL seconds since 1970 (fractional, so milliseconds survive); the GCRA arrival
/// time is stored exactly as `RateLimit.step` computed it. Every table is keyed by the user
/// id, so `eraseUser` finds everything of one user by its key.
enum SQLiteServerSchema {
  /// The `PRAGMA application_id` of a kiln-server file: "KSRV" in ASCII, so neither the
  /// chat app's database (`KILN`) nor another program's file is taken for one.
  static let applicationID: Int32 = 0x4B53_5256

  /// Every migration, oldest first.
  static let migrations: [Migration] = [
    Migration(
      version: 1, name: "admission, entitlements, grants, webhooks, usage ledger",
      sql: """
        CREATE TABLE admission_counters (
          user_id TEXT PRIMARY KEY NOT NULL,
          arrival REAL
        ) WITHOUT ROWID;
        CREATE TABLE free_usage (
          user_id TEXT NOT NULL,
          bucket TEXT NOT NULL,
          used INTEGER NOT NULL,
          PRIMARY KEY (user_id, bucket)
        ) WITHOUT ROWID;
        CREATE TABLE entitlements (
          user_id TEXT PRIMARY KEY NOT NULL,
          is_active INTEGER NOT NULL,
          expires_at REAL,
          fetched_at REAL NOT NULL,
          source TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE operator_grants (
          user_id TEXT PRIMARY KEY NOT NULL,
          until REAL NOT NULL,
          granted_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE webhook_events (
          event_id TEXT PRIMARY KEY NOT NULL,
          received_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE usage_ledger (
          sequence INTEGER PRIMARY KEY AUTOINCREMENT,
          request_id TEXT NOT NULL,
          user_id TEXT,
          model TEXT NOT NULL,
          prompt_tokens INTEGER,
          completion_tokens INTEGER,
          status TEXT NOT NULL,
          started_at REAL NOT NULL,
          duration_ms INTEGER NOT NULL,
          upstream_generation_id TEXT
        );
        CREATE INDEX usage_ledger_by_user ON usage_ledger (user_id, sequence);
        """)
  ]

  /// The newest schema version this build writes.
  static var latestVersion: Int { migrations.last?.version ?? 0 }
}
