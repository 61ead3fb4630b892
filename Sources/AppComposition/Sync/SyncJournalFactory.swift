import Core
import Storage

/// Builds the device's sync journal (docs/SYNC.md §5) over the app's database.
///
/// The one place that names the journal's type: the composition asks here, and tests give
/// their own through `AppEnvironment.syncJournal`.
public enum SyncJournalFactory {
  /// The SQLite journal over `database`: its triggers record local changes in the same
  /// transaction as the change, and its device id is made once and kept in the database.
  public static func live(database: StorageDatabase, clock: AppClock) -> (any SyncJournal)? {
    SQLiteSyncJournal(database: database)
  }
}

/// Makes a journal over the app's database: `SyncJournalFactory.live` unless a test gives
/// its own (`AppEnvironment.syncJournal`).
public typealias SyncJournalMaker =
  @Sendable (StorageDatabase, AppClock) -> (any SyncJournal)?
