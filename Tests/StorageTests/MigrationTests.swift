import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

/// Databases created at every earlier schema version migrate to the newest one with their
/// data intact; a failed step rolls back.
@Suite struct MigrationTests {
  private static let clock = AppClock.fixed(Fixture.referenceDate)

  /// Rows in the shape each historical version had (identifiers 1 and 2, dates in ms).
  static let fixtures: [Int: String] = [
    1: """
    INSERT INTO conversations (id, title, title_folded, persona_name, persona_folded,
      created_at, updated_at)
    VALUES (X'00000000000000000000000000000001', 'Birds', 'birds', 'Guide', 'guide',
      1780315200000, 1780315260000);
    INSERT INTO messages (id, conversation_id, parent_id, role, text, created_at, status,
      model, finish_reason, prompt_tokens, completion_tokens, on_active_path)
    VALUES
      (X'00000000000000000000000000000101', X'00000000000000000000000000000001', NULL,
       'user', 'Is that a heron?', 1780315200000, 'complete', NULL, NULL, NULL, NULL, 1),
      (X'00000000000000000000000000000102', X'00000000000000000000000000000001',
       X'00000000000000000000000000000101', 'assistant', 'Yes, a grey heron.',
       1780315260000, 'complete', 'model-a', 'stop', 10, 5, 1);
    """,
    2: """
    INSERT INTO conversations (id, title, title_folded, persona_name, persona_folded,
      persona_id, created_at, updated_at, is_pinned, is_archived)
    VALUES (X'00000000000000000000000000000001', 'Birds', 'birds', 'Guide', 'guide', 'guide',
      1780315200000, 1780315260000, 1, 0);
    INSERT INTO messages (id, conversation_id, parent_id, role, text, created_at, status,
      model, finish_reason, prompt_tokens, completion_tokens, reasoning, error_code,
      on_active_path)
    VALUES
      (X'00000000000000000000000000000101', X'00000000000000000000000000000001', NULL,
       'user', 'Is that a heron?', 1780315200000, 'complete', NULL, NULL, NULL, NULL, NULL,
       NULL, 1),
      (X'00000000000000000000000000000102', X'00000000000000000000000000000001',
       X'00000000000000000000000000000101', 'assistant', 'Yes, a grey heron.',
       1780315260000, 'complete', 'model-a', 'stop', 10, 5, 'Long legs, grey back.', NULL, 1);
    """,
  ]

  static func fixture(for version: Int) -> String? {
    version >= 3 ? fixtures[2] : fixtures[version]
  }

  @Test(arguments: 0..<StorageDatabase.supportedSchemaVersion)
  func aDatabaseAtAnEarlierVersionMigratesWithItsData(version: Int) async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db").path
      let old = try StorageDatabase(
        path: path, options: .init(), clock: Self.clock, logger: .disabled,
        migrations: Schema.migrations, targetVersion: version)
      #expect(try await old.schemaVersion() == version)
      if let fixture = Self.fixture(for: version) {
        try await old.write { try $0.execute(fixture) }
      }
      await old.close()

      let sink = InMemoryLogSink()
      let database = try StorageDatabase(
        path: path, clock: Self.clock, logger: AppLogger(minimumLevel: .info, sinks: [sink]))
      #expect(try await database.schemaVersion() == StorageDatabase.supportedSchemaVersion)
      let recorded = try await database.read { connection in
        try connection.query("SELECT version FROM schema_migrations ORDER BY version") {
          $0.int(0)
        }
      }
      #expect(recorded == Array(1...StorageDatabase.supportedSchemaVersion))
      let applied = sink.messages.filter { $0.hasPrefix("applied schema migration") }
      #expect(applied.count == StorageDatabase.supportedSchemaVersion - version)

      let messages = SQLiteMessageRepository(database: database)
      let conversations = SQLiteConversationRepository(
        database: database, clock: Self.clock, uuid: .incrementing())
      #expect(try await SQLiteSettingsRepository(database: database).load() == .defaults)
      if version >= 1 {
        let conversation = try #require(try await conversations.get(id: Fixture.uuid(1)))
        #expect(conversation.title == "Birds" && conversation.personaName == "Guide")
        #expect(conversation.isPinned == (version >= 2))
        #expect(conversation.personaID == (version >= 2 ? "guide" : nil))
        let page = try await messages.page(conversationID: conversation.id, before: nil, limit: 5)
        #expect(page.items.map(\.id) == [Fixture.uuid(0x102), Fixture.uuid(0x101)])
        #expect(page.items.first?.promptTokens == 10)
        #expect(page.items.first?.reasoning == (version >= 2 ? "Long legs, grey back." : nil))
        let hits = try await messages.searchMessages("heron", limit: 5)
        #expect(hits.count == 2)
      }
      await database.close()
    }
  }

  /// The launch-time sweep of unfinished replies must not scan every message: its plan
  /// searches the partial index of version 5, and only unfinished rows are in that index.
  @Test func theInterruptedReplySweepReadsOnlyUnfinishedMessages() async throws {
    try await withTemporaryDirectory { directory in
      let database = try StorageDatabase(
        path: directory.appendingPathComponent("db").path, clock: Self.clock)
      try await database.write { try $0.execute(Self.fixtures[2] ?? "") }
      let plan = try await database.read { connection in
        try connection.query("EXPLAIN QUERY PLAN " + MessageSQL.markInterrupted) { $0.string(3) }
      }
      #expect(plan.contains { $0.contains("INDEX messages_unfinished") }, "plan: \(plan)")
      #expect(!plan.contains { $0.hasPrefix("SCAN messages") }, "plan: \(plan)")
      try await database.write {
        _ = try $0.run("UPDATE messages SET status = 'streaming' WHERE id = ?", Fixture.uuid(0x102))
      }
      let indexed = try await database.read { connection in
        try connection.query(
          "SELECT count(*) FROM messages INDEXED BY messages_unfinished WHERE status IN ('sending', 'streaming')"
        ) { $0.int(0) }
      }
      #expect(indexed == [1])
      let messages = SQLiteMessageRepository(database: database)
      #expect(try await messages.markInterruptedMessages() == 1)
      #expect(try await messages.markInterruptedMessages() == 0)
      await database.close()
    }
  }

  @Test func aFailedStepRollsBackAndLeavesThePreviousVersionReadable() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db").path
      let first = try StorageDatabase(
        path: path, options: .init(), clock: Self.clock, logger: .disabled,
        migrations: Array(Schema.migrations.prefix(1)), targetVersion: nil)
      try await first.write { try $0.execute(Self.fixtures[1] ?? "") }
      await first.close()

      let broken =
        Array(Schema.migrations.prefix(1)) + [
          Migration(
            version: 2, name: "broken",
            sql:
              "CREATE TABLE half_done (x); ALTER TABLE messages ADD COLUMN extra TEXT; SELECT nope();"
          )
        ]
      do {
        _ = try StorageDatabase(
          path: path, options: .init(), clock: Self.clock, logger: .disabled,
          migrations: broken, targetVersion: nil)
        Issue.record("the broken migration succeeded")
      } catch let error as StorageError {
        guard case .migrationFailed(let version, _) = error else {
          Issue.record("unexpected \(error)")
          return
        }
        #expect(version == 2)
      }

      let raw = try SQLiteConnection(path: path)
      #expect(try raw.integerPragma("user_version") == 1)
      let tables = try raw.query("SELECT name FROM sqlite_master WHERE name = 'half_done'") {
        $0.string(0)
      }
      #expect(tables.isEmpty)
      let columns = try raw.query("SELECT name FROM pragma_table_info('messages')") { $0.string(0) }
      #expect(!columns.contains("extra"))
      raw.close()

      let repaired = try StorageDatabase(path: path, clock: Self.clock)
      let messages = SQLiteMessageRepository(database: repaired)
      #expect(try await messages.count(conversationID: Fixture.uuid(1)) == 2)
      await repaired.close()
    }
  }
}
