import Postgres

extension SyncCallError {
  /// The refusal PostgREST would answer for a PostgreSQL failure: the server's SQLSTATE,
  /// message, detail and hint, with the status by SQLSTATE (class 22 and P0001 → 400,
  /// 42501 → 403, class 23 → 409, anything else 500); a database that cannot be reached or a
  /// pool with no connection free is 503 `PGRST000`.
  init(postgres error: any Error) {
    guard let error = error as? PostgresError else {
      self.init(status: 500, code: "PGRST000", message: "the sync store failed")
      return
    }
    switch error.kind {
    case .connectionFailed, .connectionLost, .poolTimeout, .poolClosed:
      self.init(
        status: 503, code: "PGRST000", message: "the database cannot answer now",
        hint: "try again later")
    case .server:
      let code = error.sqlState?.rawValue ?? "XX000"
      self.init(
        status: Self.status(forSQLState: code), code: code, message: error.message,
        details: error.detail, hint: error.hint)
    case .invalidURL, .decoding, .misuse, .migrationFailed:
      self.init(status: 500, code: "PGRST000", message: "the sync store failed")
    }
  }

  /// PostgREST's status for a SQLSTATE.
  static func status(forSQLState code: String) -> Int {
    if code == "42501" { return 403 }
    if code == "P0001" || code.hasPrefix("22") { return 400 }
    if code.hasPrefix("23") { return 409 }
    return 500
  }
}
