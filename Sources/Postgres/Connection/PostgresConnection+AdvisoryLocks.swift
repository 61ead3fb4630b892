extension PostgresConnection {
  /// Holds the session-level advisory lock `key` (`pg_advisory_lock`) while `body` runs,
  /// waiting for another session to release it first, and releases it afterwards, also when
  /// `body` throws.
  /// - Throws: `PostgresError` from taking the lock, or what `body` throws.
  public func withAdvisoryLock<T: Sendable>(
    _ key: Int64, _ body: @Sendable (PostgresConnection) async throws -> T
  ) async throws -> T {
    try query("SELECT pg_advisory_lock($1)", [.int64(key)])
    let value: T
    do {
      value = try await body(self)
    } catch {
      releaseAdvisoryLock(key)
      throw error
    }
    releaseAdvisoryLock(key)
    return value
  }

  /// Takes the transaction-level advisory lock `key` if no other session holds it
  /// (`pg_try_advisory_xact_lock`); it is released when the transaction ends. Call it inside
  /// `transaction { }`.
  /// - Returns: whether the lock was taken.
  /// - Throws: `PostgresError` of kind `.misuse` outside a transaction, or from the server.
  public func tryAdvisoryTransactionLock(_ key: Int64) throws -> Bool {
    guard isInTransaction else {
      throw PostgresError(
        .misuse, message: "a transaction-level advisory lock needs an open transaction")
    }
    let result = try query("SELECT pg_try_advisory_xact_lock($1)", [.int64(key)])
    return try result.rows.first?.decode(Bool.self, at: 0) ?? false
  }

  /// Waits for the transaction-level advisory lock `key` (`pg_advisory_xact_lock`); it is
  /// released when the transaction ends.
  /// - Throws: `PostgresError` of kind `.misuse` outside a transaction, or from the server.
  public func advisoryTransactionLock(_ key: Int64) throws {
    guard isInTransaction else {
      throw PostgresError(
        .misuse, message: "a transaction-level advisory lock needs an open transaction")
    }
    try query("SELECT pg_advisory_xact_lock($1)", [.int64(key)])
  }

  /// Releases the session lock; if that fails the session is gone and its locks with it.
  private func releaseAdvisoryLock(_ key: Int64) {
    do {
      try query("SELECT pg_advisory_unlock($1)", [.int64(key)])
    } catch {
      close()
    }
  }
}
