import Postgres

extension ServerStoreError {
  /// The store error for a PostgreSQL failure: anything that keeps the database from
  /// answering is `.unavailable` (with libpq's or the server's reason, never the password or
  /// a row's values); a value that does not decode is `.invalidData`.
  init(postgres error: any Error) {
    guard let error = error as? PostgresError else {
      self = (error as? ServerStoreError) ?? .unavailable("PostgreSQL: \(error)")
      return
    }
    switch error.kind {
    case .decoding:
      self = .invalidData(error.message)
    case .invalidURL:
      self = .unavailable(error.message)
    case .connectionFailed:
      self = .unavailable("cannot connect to PostgreSQL: \(error.message)")
    case .connectionLost:
      self = .unavailable("the connection to PostgreSQL was lost: \(error.message)")
    case .poolTimeout:
      self = .unavailable("no PostgreSQL connection was free: \(error.message)")
    case .poolClosed:
      self = .unavailable("the PostgreSQL store is closed")
    case .server
    where error.sqlState == .undefinedTable || error.sqlState == SQLState(rawValue: "42883"):
      self = .unavailable(
        "the database has no kiln-server schema; run `kiln-server migrate` (\(error))")
    case .server, .misuse, .migrationFailed:
      self = .unavailable("\(error)")
    }
  }
}
