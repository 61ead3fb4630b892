import Postgres
import TestSupport
import Testing

@Suite struct PostgresConnectionTests {
  @Test func aConnectionRunsAQueryOnTheTestServer() async throws {
    let connection = try await connectToNewDatabase()
    let sum = try await connection.scalar(Int.self, "SELECT 40 + $1", [.int(2)])
    #expect(sum == 42)
    let user = try await connection.scalar(String.self, "SELECT current_user")
    #expect(user == "kiln")
    let zone = try await connection.scalar(String.self, "SHOW TimeZone")
    #expect(zone == "UTC")
  }

  @Test func aRefusedConnectionIsAConnectionFailure() async throws {
    let configuration = PostgresConfiguration(
      host: "127.0.0.1", port: 1, user: "kiln", database: "kiln", tlsMode: .disable)
    let error = await #expect(throws: PostgresError.self) {
      try await PostgresConnection.connect(configuration)
    }
    #expect(error?.kind == .connectionFailed)
    #expect(error?.message.contains("refused") == true, "\(error?.message ?? "")")
  }

  @Test func aBadURLFailsBeforeAnyConnectionIsTried() async throws {
    let error = await #expect(throws: PostgresError.self) {
      try await PostgresConnection.connect(url: "postgres://:pw@127.0.0.1/db")
    }
    #expect(error?.kind == .invalidURL)
  }

  @Test func aWrongPasswordIsRefusedAndNeverAppearsInTheError() async throws {
    let server = try await PostgresTestServer.shared()
    let database = try await server.makeDatabase()
    let admin = try await PostgresConnection.connect(url: database)
    let name = try await admin.scalar(String.self, "SELECT current_database()")
    try await admin.execute(
      "CREATE ROLE app_user LOGIN PASSWORD 'right-password-1'; "
        + "GRANT CONNECT ON DATABASE \(name) TO app_user")

    let good = try await PostgresConnection.connect(
      url: server.url(database: name, user: "app_user", password: "right-password-1"))
    #expect(try await good.scalar(String.self, "SELECT current_user") == "app_user")

    let error = await #expect(throws: PostgresError.self) {
      try await PostgresConnection.connect(
        url: server.url(database: name, user: "app_user", password: "wrong-password-9"))
    }
    #expect(error?.kind == .connectionFailed)
    #expect(error?.message.contains("password authentication failed") == true)
    #expect(error?.description.contains("wrong-password-9") == false)
    #expect(error?.description.contains("right-password-1") == false)
    await good.close()
    try await admin.execute("DROP OWNED BY app_user; DROP ROLE app_user")
  }

  @Test func aClosedConnectionRefusesStatements() async throws {
    let connection = try await connectToNewDatabase()
    await connection.close()
    let error = await #expect(throws: PostgresError.self) {
      try await connection.query("SELECT 1")
    }
    #expect(error?.kind == .connectionLost)
    #expect(await connection.isUsable() == false)
  }
}
