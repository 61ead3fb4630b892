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
        """),
    Migration(
      version: 2, name: "accounts, sessions, refresh tokens, signing keys, project secret",
      sql: accountsTables),
    Migration(version: 3, name: "provider identities", sql: identitiesTable),
    Migration(version: 4, name: "synced conversations, messages and memories", sql: syncTables),
    Migration(version: 5, name: "deleted accounts that may not sync", sql: closedSyncAccounts),
  ]

  /// Accounts whose synced rows were deleted with the account: their later pushes are
  /// refused, so a device still holding a token cannot store rows nobody owns.
  static let closedSyncAccounts = """
    CREATE TABLE sync_closed_accounts (
      user_id TEXT PRIMARY KEY NOT NULL,
      closed_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    """

  /// The accounts' provider identities (`id_token` sign-ins): one row per provider account,
  /// deleted with the account by the store (`deleteUser`).
  static let identitiesTable = """
    CREATE TABLE auth_identities (
      id TEXT PRIMARY KEY NOT NULL,
      user_id TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
      provider TEXT NOT NULL,
      provider_subject TEXT NOT NULL,
      email TEXT,
      identity_data TEXT NOT NULL,
      created_at REAL NOT NULL,
      updated_at REAL NOT NULL,
      last_sign_in_at REAL,
      UNIQUE (provider, provider_subject)
    ) WITHOUT ROWID;
    CREATE INDEX auth_identities_by_user ON auth_identities (user_id, created_at);
    """

  /// The auth store's tables (`SQLiteServerStore+Accounts.swift`). Ids are UUID text, hashes
  /// and password bytes lower-case hex text. Deleting an account deletes its sessions, their
  /// refresh tokens and its one-time tokens in the same transaction (the store does it, so
  /// it does not depend on `PRAGMA foreign_keys`). At most one signing key is unretired: the
  /// partial unique index keeps a second first start from adding another.
  static let accountsTables = """
    CREATE TABLE auth_users (
      id TEXT PRIMARY KEY NOT NULL,
      email TEXT NOT NULL UNIQUE,
      password_hash TEXT,
      password_salt TEXT,
      scrypt_cost INTEGER,
      scrypt_block_size INTEGER,
      scrypt_parallelization INTEGER,
      metadata TEXT NOT NULL,
      confirmed_at REAL,
      created_at REAL NOT NULL,
      updated_at REAL NOT NULL,
      last_sign_in_at REAL
    ) WITHOUT ROWID;
    CREATE TABLE auth_sessions (
      id TEXT PRIMARY KEY NOT NULL,
      user_id TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
      created_at REAL NOT NULL,
      assurance_level TEXT NOT NULL,
      not_after REAL
    ) WITHOUT ROWID;
    CREATE INDEX auth_sessions_by_user ON auth_sessions (user_id);
    CREATE TABLE auth_refresh_tokens (
      hash TEXT PRIMARY KEY NOT NULL,
      session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
      parent_hash TEXT,
      revoked_at REAL,
      created_at REAL NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX auth_refresh_tokens_by_session ON auth_refresh_tokens (session_id);
    CREATE TABLE auth_signing_keys (
      sequence INTEGER PRIMARY KEY AUTOINCREMENT,
      key_id TEXT NOT NULL UNIQUE,
      private_jwk TEXT NOT NULL,
      created_at REAL NOT NULL,
      retired_at REAL
    );
    CREATE UNIQUE INDEX auth_signing_keys_one_current ON auth_signing_keys ((retired_at IS NULL))
      WHERE retired_at IS NULL;
    CREATE TABLE auth_project_secret (
      singleton INTEGER PRIMARY KEY NOT NULL CHECK (singleton = 1),
      secret TEXT NOT NULL,
      created_at REAL NOT NULL
    );
    CREATE TABLE auth_one_time_tokens (
      hash TEXT PRIMARY KEY NOT NULL,
      user_id TEXT NOT NULL,
      purpose TEXT NOT NULL,
      created_at REAL NOT NULL,
      expires_at REAL NOT NULL,
      used_at REAL
    ) WITHOUT ROWID;
    CREATE INDEX auth_one_time_tokens_by_user ON auth_one_time_tokens (user_id);
    """

  /// The synced rows of docs/SYNC.md, which `SQLiteSyncStore` reads and merges: the same
  /// columns as the SQL migration's tables, with times as whole milliseconds since 1970,
  /// ids as lower-case UUID text and `clocks` as JSON object text. `sync_sequences` holds
  /// each user's last change number; a push takes the file's write lock (`BEGIN
  /// IMMEDIATE`) before it reads it, so numbers follow commit order across processes.
  static let syncTables = """
    CREATE TABLE sync_sequences (
      user_id TEXT PRIMARY KEY NOT NULL,
      last_seq INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE sync_conversations (
      id TEXT PRIMARY KEY NOT NULL,
      user_id TEXT NOT NULL,
      title TEXT NOT NULL,
      persona_name TEXT,
      persona_id TEXT,
      is_pinned INTEGER,
      is_archived INTEGER,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      deleted_at INTEGER,
      change_seq INTEGER NOT NULL,
      clocks TEXT NOT NULL
    );
    CREATE INDEX sync_conversations_by_change ON sync_conversations (user_id, change_seq);
    CREATE TABLE sync_messages (
      id TEXT PRIMARY KEY NOT NULL,
      user_id TEXT NOT NULL,
      conversation_id TEXT NOT NULL,
      parent_id TEXT,
      role TEXT NOT NULL,
      content TEXT NOT NULL,
      status TEXT,
      model TEXT,
      finish_reason TEXT,
      prompt_tokens INTEGER,
      completion_tokens INTEGER,
      reasoning TEXT,
      error_code TEXT,
      created_at INTEGER NOT NULL,
      deleted_at INTEGER,
      change_seq INTEGER NOT NULL,
      clocks TEXT NOT NULL
    );
    CREATE INDEX sync_messages_by_change ON sync_messages (user_id, change_seq);
    CREATE INDEX sync_messages_by_conversation ON sync_messages (conversation_id);
    CREATE TABLE sync_memories (
      id TEXT PRIMARY KEY NOT NULL,
      user_id TEXT NOT NULL,
      content TEXT NOT NULL,
      source TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      deleted_at INTEGER,
      change_seq INTEGER NOT NULL,
      clocks TEXT NOT NULL
    );
    CREATE INDEX sync_memories_by_change ON sync_memories (user_id, change_seq);
    """

  /// The newest schema version this build writes.
  static var latestVersion: Int { migrations.last?.version ?? 0 }
}
