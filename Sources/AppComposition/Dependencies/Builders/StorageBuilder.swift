import Core
import Foundation
import Storage

/// The repositories, from one SQLite database or from memory.
struct Repositories {
  var database: StorageDatabase?
  var conversations: any ConversationRepository
  var messages: any MessageRepository
  var settings: any SettingsRepository
  var memories: any MemoryRepository
  var usage: any UsageRepository
  var preferences: any KeyValueStore
}

/// Builds the app's storage: the data folder, the SQLite database in it and the
/// repositories over it, or everything in memory for previews.
enum StorageBuilder {
  /// Creates the data folder (owner-only) when it is missing.
  /// - Throws: `DataLocationError.folder` when it cannot be created.
  static func prepareDataDirectory(_ url: URL) throws {
    do {
      try FileManager.default.createDirectory(
        at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw DataLocationError.folder(url.path, error)
    }
  }

  /// The repositories over the database at `path`, read-only when it cannot be written and
  /// the command only reads.
  /// - Throws: `DataLocationError.database` when it cannot be opened, `StorageError` when
  ///   the preferences cannot be read.
  static func live(
    path: String, readsOnly: Bool, clock: AppClock, uuid: UUIDGenerator, logger: AppLogger
  ) throws -> Repositories {
    let database = try openDatabase(path, readsOnly: readsOnly, clock: clock, logger: logger)
    return Repositories(
      database: database,
      conversations: SQLiteConversationRepository(database: database, clock: clock, uuid: uuid),
      messages: SQLiteMessageRepository(database: database),
      settings: SQLiteSettingsRepository(database: database),
      memories: SQLiteMemoryRepository(database: database, clock: clock, uuid: uuid),
      usage: SQLiteUsageRepository(database: database),
      preferences: try DatabaseKeyValueStore(database: database, logger: logger))
  }

  /// Repositories that keep everything in memory.
  static func inMemory(clock: AppClock, uuid: UUIDGenerator) -> Repositories {
    let store = InMemoryChatStore(clock: clock, uuid: uuid)
    return Repositories(
      database: nil, conversations: store, messages: store,
      settings: InMemorySettingsRepository(),
      memories: InMemoryMemoryRepository(clock: clock, uuid: uuid),
      usage: InMemoryUsageRepository(), preferences: InMemoryKeyValueStore())
  }

  private static func openDatabase(
    _ path: String, readsOnly: Bool, clock: AppClock, logger: AppLogger
  ) throws -> StorageDatabase {
    do {
      return try StorageDatabase(path: path, clock: clock, logger: logger)
    } catch StorageError.readOnly(let detail) where readsOnly {
      logger.notice("database cannot be written (\(detail)); reading it only", category: .storage)
      do {
        return try StorageDatabase(
          path: path, options: StorageDatabase.Options(isReadOnly: true), clock: clock,
          logger: logger)
      } catch {
        throw DataLocationError.database(path, error)
      }
    } catch {
      throw DataLocationError.database(path, error)
    }
  }
}
