/// How a transaction sees other transactions' changes (`BEGIN ISOLATION LEVEL …`).
public enum PostgresIsolation: String, Sendable {
  /// Each statement sees what was committed before it began (PostgreSQL's default).
  case readCommitted = "READ COMMITTED"
  /// The whole transaction sees one snapshot; concurrent updates to the same rows fail.
  case repeatableRead = "REPEATABLE READ"
  /// As if transactions ran one after another; conflicts fail with 40001.
  case serializable = "SERIALIZABLE"
}

extension PostgresConnection {
  /// Runs `body` inside `BEGIN … COMMIT`; if `body` throws (or COMMIT fails) the transaction
  /// is rolled back and the error rethrown.
  /// - Throws: `PostgresError` of kind `.misuse` when a transaction is already open here,
  ///   errors from BEGIN or COMMIT, or what `body` throws.
  public func transaction<T: Sendable>(
    isolation: PostgresIsolation = .readCommitted,
    _ body: @Sendable (PostgresConnection) async throws -> T
  ) async throws -> T {
    guard !isInTransaction else {
      throw PostgresError(.misuse, message: "a transaction is already open on this connection")
    }
    try execute("BEGIN ISOLATION LEVEL \(isolation.rawValue)")
    let value: T
    do {
      value = try await body(self)
    } catch {
      rollBackQuietly()
      throw error
    }
    do {
      try execute("COMMIT")
    } catch {
      rollBackQuietly()
      throw error
    }
    return value
  }

  /// Runs `body` in a serializable transaction, and runs it again from the start when the
  /// server reports a serialization failure (40001) or a deadlock (40P01), at most
  /// `maxAttempts` times in all. Other errors are thrown at once.
  /// - Throws: the last retryable `PostgresError` once the attempts are used up, or any
  ///   other error from the transaction.
  public func serializableTransaction<T: Sendable>(
    maxAttempts: Int = 5, _ body: @Sendable (PostgresConnection) async throws -> T
  ) async throws -> T {
    var attempt = 1
    while true {
      do {
        return try await transaction(isolation: .serializable, body)
      } catch let error as PostgresError
        where error.sqlState?.isRetryableTransactionFailure == true && attempt < maxAttempts
      {
        attempt += 1
      }
    }
  }

  /// Ends a failed transaction. A ROLLBACK that fails leaves the connection unusable, which
  /// `isUsable()` reports, so the pool drops it instead of reusing it.
  private func rollBackQuietly() {
    guard isInTransaction else { return }
    do {
      try execute("ROLLBACK")
    } catch {
      close()
    }
  }
}
