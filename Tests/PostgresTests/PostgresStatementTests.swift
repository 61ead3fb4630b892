import Postgres
import Testing

@Suite struct PostgresStatementTests {
  private static let insert = PostgresStatement(
    name: "insert_note", sql: "INSERT INTO notes (body) VALUES ($1) RETURNING id")

  @Test func aPreparedStatementIsPreparedOnceAndReusedWithNewParameters() async throws {
    let connection = try await connectToNewDatabase()
    try await connection.execute("CREATE TABLE notes (id serial PRIMARY KEY, body text)")
    var ids: [Int] = []
    for body in ["one", "two", "three"] {
      let row = try #require(try await connection.query(Self.insert, [.text(body)]).first)
      ids.append(try row.decode(Int.self, named: "id"))
    }
    #expect(ids == [1, 2, 3])
    let prepared = try await connection.query(
      "SELECT count(*) FROM pg_prepared_statements WHERE name = $1", [.text("insert_note")])
    #expect(try prepared.first?.decode(Int.self, at: 0) == 1)
    #expect(await connection.preparedStatementNames == ["insert_note"])
    let bodies = try await connection.query("SELECT body FROM notes ORDER BY id").rows
    #expect(try bodies.map { try $0.decode(String.self, at: 0) } == ["one", "two", "three"])
  }

  @Test func aNameReusedForOtherSQLIsRefused() async throws {
    let connection = try await connectToNewDatabase()
    try await connection.query(PostgresStatement(name: "answer", sql: "SELECT 42"))
    let error = await #expect(throws: PostgresError.self) {
      try await connection.query(PostgresStatement(name: "answer", sql: "SELECT 43"))
    }
    #expect(error?.kind == .misuse)
  }

  @Test func aStatementThatFailsToPrepareIsNotCached() async throws {
    let connection = try await connectToNewDatabase()
    let statement = PostgresStatement(name: "late_table", sql: "SELECT count(*) FROM later")
    let error = await #expect(throws: PostgresError.self) {
      try await connection.query(statement)
    }
    #expect(error?.sqlState == .undefinedTable)
    try await connection.execute("CREATE TABLE later (id int)")
    let count = try await connection.query(statement).first?.decode(Int.self, at: 0)
    #expect(count == 0)
  }
}
