import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct DatabaseKeyValueStoreTests {
  private static let clock = AppClock.fixed(Fixture.referenceDate)

  @Test func valuesPersistAcrossStoresAndReopening() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db").path
      let database = try StorageDatabase(path: path, clock: Self.clock)
      let store = try DatabaseKeyValueStore(database: database)
      #expect(store.string(forKey: "theme.selected") == nil)
      store.set("dark", forKey: "theme.selected")
      store.set("3", forKey: "rating.launches")
      store.set("4", forKey: "rating.launches")
      store.set("gone", forKey: "temporary")
      store.set(nil, forKey: "temporary")
      #expect(store.string(forKey: "rating.launches") == "4")
      await database.close()

      let reopened = try StorageDatabase(path: path, clock: Self.clock)
      let fresh = try DatabaseKeyValueStore(database: reopened)
      #expect(fresh.string(forKey: "theme.selected") == "dark")
      #expect(fresh.string(forKey: "rating.launches") == "4")
      #expect(fresh.string(forKey: "temporary") == nil)
      await reopened.close()
    }
  }

  @Test @MainActor func themeManagerPersistsThroughTheDatabase() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db").path
      let database = try StorageDatabase(path: path, clock: Self.clock)
      let manager = ThemeManager(store: try DatabaseKeyValueStore(database: database))
      #expect(manager.selected == .system)
      manager.selected = .aurora
      let again = ThemeManager(store: try DatabaseKeyValueStore(database: database))
      #expect(again.selected == .aurora)
      await database.close()
    }
  }

  @Test func aFailedWriteIsLoggedAndKeptInMemory() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db").path
      let database = try StorageDatabase(
        path: path, options: .init(busyTimeout: .zero), clock: Self.clock)
      let sink = InMemoryLogSink()
      let store = try DatabaseKeyValueStore(
        database: database, logger: AppLogger(minimumLevel: .debug, sinks: [sink]))
      let blocker = try SQLiteConnection(path: path)
      try blocker.execute("BEGIN IMMEDIATE")
      store.set("value-that-could-not-be-saved", forKey: "flag")
      try blocker.execute("ROLLBACK")
      blocker.close()
      #expect(store.string(forKey: "flag") == "value-that-could-not-be-saved")
      #expect(sink.text.contains("save preference 'flag' failed: storage"))
      #expect(!sink.text.contains("value-that-could-not-be-saved"))
      await database.close()
    }
  }
}
