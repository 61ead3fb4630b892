import Core
import Synchronization

/// Core's `KeyValueStore` persisted in the database's `key_values` table (the theme, the
/// rating engine's counters, "seen onboarding").
///
/// The protocol is synchronous because preferences are read while the first screen is
/// built, so this store has its own connection behind a lock rather than going through the
/// `StorageDatabase` actor, and keeps every value in memory: reads never touch the disk.
/// `set` writes through at once; because it cannot throw, a failed write is logged and the
/// new value stays in memory for this run.
public final class DatabaseKeyValueStore: KeyValueStore {
  private struct State {
    var values: [String: String]
    let connection: SQLiteConnection
  }

  private let state: Mutex<State>
  private let logger: AppLogger

  /// Opens a second connection to `database`'s file and loads every stored value.
  /// - Throws: `StorageError` when the file cannot be opened or read.
  public init(database: StorageDatabase, logger: AppLogger = .disabled) throws {
    let connection = try SQLiteConnection(
      path: database.path, readOnly: database.options.isReadOnly,
      immutable: database.options.isReadOnly)
    try StorageDatabase.configure(connection, options: database.options)
    try connection.execute("PRAGMA cache_size = -256")
    let rows = try connection.query("SELECT key, value FROM key_values") {
      ($0.string(0), $0.string(1))
    }
    state = Mutex(
      State(values: Dictionary(rows, uniquingKeysWith: { _, last in last }), connection: connection)
    )
    self.logger = logger
  }

  /// The stored value for `key`, from memory.
  public func string(forKey key: String) -> String? {
    state.withLock { $0.values[key] }
  }

  /// Stores `value` for `key` (`nil` removes it) in memory and in the database.
  public func set(_ value: String?, forKey key: String) {
    let failure = state.withLock { state -> StorageError? in
      state.values[key] = value
      do {
        if let value {
          try state.connection.run(
            """
            INSERT INTO key_values (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, key, value)
        } else {
          try state.connection.run("DELETE FROM key_values WHERE key = ?", key)
        }
        return nil
      } catch let error as StorageError {
        return error
      } catch {
        return .failed(code: 0, detail: "\(error)")
      }
    }
    if let failure {
      logger.error("save preference '\(key)'", failure, category: .storage)
    }
  }
}
