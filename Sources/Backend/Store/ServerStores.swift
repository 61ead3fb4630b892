import Core

/// The stores kiln-server opens over its one database: the proxy's `ServerStore`, the
/// accounts' `AuthStore` and the synced rows' `SyncStore`. All run on the same SQLite
/// connection or PostgreSQL pool, so the schema is migrated once and `close()` closes it for
/// all.
public struct ServerStores: Sendable {
  /// The proxy's store: admission, grants, entitlements, the ledger, refunds, webhook ids.
  public let proxy: any ServerStore
  /// The accounts' store: users, sessions, signing keys, one-time tokens, identities.
  public let accounts: any AuthStore
  /// The synced rows' store: conversations, messages and memories (docs/SYNC.md).
  public let sync: any SyncStore
  private let database: Database

  private enum Database: Sendable {
    case sqlite(SQLiteServerDatabase)
    case postgres(PostgresServerStore)
  }

  /// The three stores over an open SQLite database; `clock` is the sync store's time.
  public init(sqlite database: SQLiteServerDatabase, clock: AppClock) {
    let store = SQLiteServerStore(database: database)
    proxy = store
    accounts = store.accounts
    sync = SQLiteSyncStore(database: database, clock: clock)
    self.database = .sqlite(database)
  }

  /// The three stores over `store`'s PostgreSQL pool (migrated by the caller).
  public init(postgres store: PostgresServerStore) {
    proxy = store
    accounts = store.accounts
    sync = store.sync
    database = .postgres(store)
  }

  /// Closes the database under both stores; later calls of either fail with `.unavailable`.
  public func close() async {
    switch database {
    case .sqlite(let database): await database.close()
    case .postgres(let store): await store.close()
    }
  }
}
