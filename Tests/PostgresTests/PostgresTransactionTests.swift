import Postgres
import Synchronization
import Testing

private struct Planned: Error {}

@Suite struct PostgresTransactionTests {
  @Test func aTransactionCommitsWhatItsBodyWrote() async throws {
    let connection = try await connectToNewDatabase()
    try await connection.execute("CREATE TABLE notes (body text)")
    let returned = try await connection.transaction { connection in
      try await connection.query("INSERT INTO notes VALUES ($1)", [.text("kept")])
      return 7
    }
    #expect(returned == 7)
    #expect(try await connection.scalar(Int.self, "SELECT count(*) FROM notes") == 1)
    #expect(await connection.isInTransaction == false)
  }

  @Test func aThrowingBodyRollsBackAndTheErrorComesThrough() async throws {
    let connection = try await connectToNewDatabase()
    try await connection.execute("CREATE TABLE notes (body text)")
    await #expect(throws: Planned.self) {
      try await connection.transaction { connection in
        try await connection.query("INSERT INTO notes VALUES ($1)", [.text("lost")])
        throw Planned()
      }
    }
    #expect(try await connection.scalar(Int.self, "SELECT count(*) FROM notes") == 0)
    #expect(await connection.isUsable())
  }

  @Test func aFailedStatementRollsBackTheWholeTransaction() async throws {
    let connection = try await connectToNewDatabase()
    try await connection.execute("CREATE TABLE notes (body text UNIQUE)")
    let error = await #expect(throws: PostgresError.self) {
      try await connection.transaction { connection in
        try await connection.query("INSERT INTO notes VALUES ($1)", [.text("one")])
        try await connection.query("INSERT INTO notes VALUES ($1)", [.text("one")])
      }
    }
    #expect(error?.sqlState == .uniqueViolation)
    #expect(try await connection.scalar(Int.self, "SELECT count(*) FROM notes") == 0)
  }

  @Test func aTransactionInsideATransactionIsRefused() async throws {
    let connection = try await connectToNewDatabase()
    let error = await #expect(throws: PostgresError.self) {
      try await connection.transaction { connection in
        try await connection.transaction { _ in 1 }
      }
    }
    #expect(error?.kind == .misuse)
    #expect(await connection.isInTransaction == false)
  }

  @Test func aSerializationFailureIsRetriedUntilTheTransactionCommits() async throws {
    let configuration = try await makeTestDatabase()
    let connection = try await PostgresConnection.connect(configuration)
    let other = try await PostgresConnection.connect(configuration)
    try await connection.execute("CREATE TABLE counters (id int PRIMARY KEY, value int8)")
    try await connection.query("INSERT INTO counters VALUES (1, 1)")
    let attempts = Mutex(0)
    let final = try await connection.serializableTransaction(maxAttempts: 3) { connection in
      let attempt = attempts.withLock { count in
        count += 1
        return count
      }
      _ = try await connection.query("SELECT value FROM counters WHERE id = 1")
      if attempt == 1 {
        // Another session changes the row after this transaction's snapshot was taken.
        try await other.query("UPDATE counters SET value = value + 100 WHERE id = 1")
      }
      try await connection.query("UPDATE counters SET value = value + 1 WHERE id = 1")
      return try await connection.scalar(Int64.self, "SELECT value FROM counters WHERE id = 1")
    }
    #expect(attempts.withLock { $0 } == 2)
    #expect(final == 102)
  }

  @Test func retriesStopAtTheBoundAndTheConflictIsThrown() async throws {
    let configuration = try await makeTestDatabase()
    let connection = try await PostgresConnection.connect(configuration)
    let other = try await PostgresConnection.connect(configuration)
    try await connection.execute("CREATE TABLE counters (id int PRIMARY KEY, value int8)")
    try await connection.query("INSERT INTO counters VALUES (1, 1)")
    let attempts = Mutex(0)
    let error = await #expect(throws: PostgresError.self) {
      try await connection.serializableTransaction(maxAttempts: 3) { connection in
        attempts.withLock { $0 += 1 }
        _ = try await connection.query("SELECT value FROM counters WHERE id = 1")
        try await other.query("UPDATE counters SET value = value + 100 WHERE id = 1")
        try await connection.query("UPDATE counters SET value = value + 1 WHERE id = 1")
      }
    }
    #expect(error?.sqlState == .serializationFailure)
    #expect(attempts.withLock { $0 } == 3)
    #expect(try await connection.scalar(Int64.self, "SELECT value FROM counters") == 301)
  }

  @Test func otherErrorsAreNotRetried() async throws {
    let connection = try await connectToNewDatabase()
    try await connection.execute("CREATE TABLE notes (body text UNIQUE)")
    try await connection.query("INSERT INTO notes VALUES ('one')")
    let attempts = Mutex(0)
    let error = await #expect(throws: PostgresError.self) {
      try await connection.serializableTransaction(maxAttempts: 5) { connection in
        attempts.withLock { $0 += 1 }
        try await connection.query("INSERT INTO notes VALUES ('one')")
      }
    }
    #expect(error?.sqlState == .uniqueViolation)
    #expect(attempts.withLock { $0 } == 1)
  }
}
