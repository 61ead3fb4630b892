/// Kiln's database schema as the ordered list of steps that build it.
///
/// Never edit a shipped step: add a new one. Each step is tested by creating a database at
/// the version before it, filling it with rows in that version's shape, and migrating.
///
/// Conventions: identifiers are 16-byte blobs; dates are integer milliseconds since 1970;
/// booleans are 0/1 integers; `*_folded` columns hold case- and diacritic-folded copies of
/// text for search (see `TextFolding`).
enum Schema {
  /// The version this build writes and the newest it can open.
  static var latestVersion: Int { migrations.last?.version ?? 0 }

  static let migrations: [Migration] = [
    Migration(version: 1, name: "chat", sql: chat),
    Migration(version: 2, name: "organize and reply detail", sql: organize),
    Migration(version: 3, name: "message search", sql: messageSearch),
    Migration(version: 4, name: "settings, memories, usage, preferences", sql: appState),
    Migration(version: 5, name: "unfinished replies index", sql: unfinishedReplies),
    Migration(version: 6, name: "sync journal", sql: syncJournal),
  ]

  /// Version 1: conversations and messages with their branch tree.
  static let chat = """
    CREATE TABLE conversations (
      id BLOB PRIMARY KEY NOT NULL,
      title TEXT NOT NULL,
      title_folded TEXT NOT NULL,
      persona_name TEXT,
      persona_folded TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE TABLE messages (
      seq INTEGER PRIMARY KEY,
      id BLOB NOT NULL UNIQUE,
      conversation_id BLOB NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
      parent_id BLOB,
      role TEXT NOT NULL,
      text TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      status TEXT NOT NULL,
      model TEXT,
      finish_reason TEXT,
      prompt_tokens INTEGER,
      completion_tokens INTEGER,
      on_active_path INTEGER NOT NULL DEFAULT 1
    );
    CREATE INDEX messages_page ON messages (conversation_id, on_active_path, created_at, id);
    """

  /// Version 2: pin, archive and persona id on conversations; reasoning and error codes on
  /// messages.
  static let organize = """
    ALTER TABLE conversations ADD COLUMN persona_id TEXT;
    ALTER TABLE conversations ADD COLUMN is_pinned INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE conversations ADD COLUMN is_archived INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE messages ADD COLUMN reasoning TEXT;
    ALTER TABLE messages ADD COLUMN error_code TEXT;
    CREATE INDEX conversations_list ON conversations (is_pinned, updated_at, id);
    """

  /// Version 3: a full-text index over message text, kept in step by triggers and filled
  /// from the messages already stored. `automerge = 8` (FTS5's default is 4) merges index
  /// segments less often: isolated import runs were 10-15% faster, and queries were not slower.
  static let messageSearch = """
    CREATE VIRTUAL TABLE messages_fts USING fts5 (
      text, content = 'messages', content_rowid = 'seq',
      tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
      INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text);
    END;
    CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
      INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.seq, old.text);
    END;
    CREATE TRIGGER messages_fts_update AFTER UPDATE OF text ON messages BEGIN
      INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.seq, old.text);
      INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text);
    END;
    INSERT INTO messages_fts (messages_fts, rank) VALUES ('automerge', 8);
    INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
    """

  /// Version 4: settings, memories, the free-tier usage counter and small preferences.
  static let appState = """
    CREATE TABLE settings (
      id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
      document TEXT NOT NULL
    );
    CREATE TABLE memories (
      id BLOB PRIMARY KEY NOT NULL,
      text TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      source TEXT
    );
    CREATE TABLE usage_days (
      day TEXT PRIMARY KEY NOT NULL,
      messages INTEGER NOT NULL
    );
    CREATE TABLE usage_totals (
      name TEXT PRIMARY KEY NOT NULL,
      value INTEGER NOT NULL
    );
    CREATE TABLE key_values (
      key TEXT PRIMARY KEY NOT NULL,
      value TEXT NOT NULL
    );
    """

  /// Version 5: a partial index over the few messages still sending or streaming, so the
  /// launch-time sweep that marks them interrupted (`markInterruptedMessages`) reads only
  /// those rows instead of scanning every message (seconds with a million of them).
  static let unfinishedReplies = """
    CREATE INDEX messages_unfinished ON messages (status)
    WHERE status IN ('sending', 'streaming');
    """
}
