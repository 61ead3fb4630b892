import Core
import Postgres
import Testing

@Suite struct PostgresErrorTests {
  @Test func aUniqueViolationCarriesSQLStateAndTheServersDetail() async throws {
    let connection = try await connectToNewDatabase()
    try await connection.execute("CREATE TABLE users (email text PRIMARY KEY)")
    try await connection.query("INSERT INTO users VALUES ($1)", [.text("a@example.com")])
    let error = await #expect(throws: PostgresError.self) {
      try await connection.query("INSERT INTO users VALUES ($1)", [.text("a@example.com")])
    }
    #expect(error?.kind == .server)
    #expect(error?.sqlState == .uniqueViolation)
    #expect(error?.message.contains("users_pkey") == true)
    #expect(error?.detail?.contains("already exists") == true)
    // The detail repeats the row's value; logs get the description, which leaves it out.
    #expect(error?.detail?.contains("a@example.com") == true)
    #expect(error?.description.contains("a@example.com") == false)
    #expect(error.map { AppError.from($0).description.contains("a@example.com") } == false)
    #expect(await connection.isUsable())
  }

  @Test func aSyntaxErrorCarries42601() async throws {
    let connection = try await connectToNewDatabase()
    let error = await #expect(throws: PostgresError.self) {
      try await connection.query("SELEC 1")
    }
    #expect(error?.sqlState == .syntaxError)
    #expect(error?.sqlState?.rawValue == "42601")
    #expect(error?.message.contains("syntax error") == true)
  }

  @Test func theServersHintIsKept() async throws {
    let connection = try await connectToNewDatabase()
    let error = await #expect(throws: PostgresError.self) {
      try await connection.query("SELECT * FROM missing_table")
    }
    #expect(error?.sqlState == .undefinedTable)
    let hinted = await #expect(throws: PostgresError.self) {
      try await connection.query("SELECT length(1, 2, 3)")
    }
    #expect(hinted?.hint?.isEmpty == false, "\(hinted?.description ?? "")")
  }

  @Test func errorsMapToAppErrors() {
    #expect(
      PostgresError(.connectionFailed, message: "refused").appError
        == .serviceUnavailable(status: 503))
    #expect(
      PostgresError(.server, message: "x", sqlState: .serializationFailure).appError
        == .storage(.busy))
    #expect(PostgresError(.poolTimeout, message: "x").appError == .storage(.busy))
    #expect(AppError.from(PostgresError(.poolClosed, message: "x")).code == "service_unavailable")
  }

  @Test func unknownSQLStatesArriveIntact() {
    let state = SQLState(rawValue: "XX001")
    #expect(state.errorClass == "XX")
    #expect(!state.isRetryableTransactionFailure)
    #expect(SQLState.deadlockDetected.isRetryableTransactionFailure)
  }
}
