import Core
import FeatureSettings
import Foundation
import Storage
import TestSupport
import Testing

/// The erasure after an account deletion, over a real SQLite file: every conversation
/// (more than one page of them) and every memory goes; the settings stay.
@Suite struct LocalUserDataEraserTests {
  @Test func everyConversationAndMemoryGoesAndTheSettingsStay() async throws {
    try await withTemporaryDirectory(prefix: "kiln-erase") { directory in
      let clock = AppClock.fixed(Date(timeIntervalSince1970: 1_800_000_000))
      let uuid = UUIDGenerator.incrementing()
      let database = try StorageDatabase(
        path: directory.appendingPathComponent("kiln.sqlite").path, clock: clock)
      let conversations = SQLiteConversationRepository(database: database, clock: clock, uuid: uuid)
      let memories = SQLiteMemoryRepository(database: database, clock: clock, uuid: uuid)
      let settings = SQLiteSettingsRepository(database: database)
      for index in 0..<205 {
        let stored = try await conversations.create(
          title: "chat \(index)", personaName: nil, personaID: nil)
        if index.isMultiple(of: 50) { try await conversations.setArchived(id: stored.id, true) }
      }
      _ = try await memories.add(text: "likes Swift", source: nil)
      _ = try await memories.add(text: "lives in Lisbon", source: nil)
      var kept = try await settings.load()
      kept.hapticsEnabled = false
      try await settings.save(kept)

      let erased = try await LocalUserDataEraser(conversations: conversations, memories: memories)
        .erase()

      #expect(erased.conversations == 205 && erased.memories == 2)
      #expect(try await conversations.list(limit: 10, after: nil, includeArchived: true).isEmpty)
      #expect(try await memories.list().isEmpty)
      #expect(try await settings.load().hapticsEnabled == false)
      await database.close()
    }
  }
}
