import Core
import Postgres
import TestSupport

/// A new database on the process's shared test server, for one test.
func makeTestDatabase() async throws -> PostgresConfiguration {
  let server = try await PostgresTestServer.shared()
  return try PostgresConfiguration(url: try await server.makeDatabase())
}

/// A connection to a new database of its own.
func connectToNewDatabase() async throws -> PostgresConnection {
  try await PostgresConnection.connect(try await makeTestDatabase())
}

extension PostgresConnection {
  /// The first column of the first row, decoded.
  func scalar<T: PostgresDecodable>(
    _ type: T.Type, _ sql: String, _ parameters: [PostgresValue?] = []
  ) throws -> T {
    let result = try query(sql, parameters)
    guard let row = result.first else {
      throw PostgresError(.decoding, message: "no row from \(sql)")
    }
    return try row.decode(T.self, at: 0)
  }
}
