import CLibPQ

/// A named statement, prepared once per connection on first use and executed by name after.
///
/// Declare statements as constants (`static let insertUser = PostgresStatement(name:sql:)`);
/// a name stands for one SQL text on a connection, and reusing it for other SQL is refused.
/// The parameter types are those of the first execution (the server infers them for NULLs).
public struct PostgresStatement: Hashable, Sendable {
  /// The statement's name on the server (`pg_prepared_statements.name`).
  public let name: String
  /// The SQL, with `$1`, `$2`, … for parameters.
  public let sql: String

  /// A statement called `name` running `sql`.
  public init(name: String, sql: String) {
    self.name = name
    self.sql = sql
  }
}

extension PostgresConnection {
  /// Runs a prepared statement, preparing it on this connection the first time.
  /// - Throws: `PostgresError`: `.misuse` when the name was prepared here for other SQL,
  ///   `.server` or `.connectionLost` from preparing or running it.
  @discardableResult
  public func query(
    _ statement: PostgresStatement, _ parameters: [PostgresValue?] = []
  )
    throws -> PostgresResult
  {
    let connection = try liveHandle()
    let buffers = try ParameterBuffers(parameters)
    if let known = prepared[statement.name] {
      guard known == statement.sql else {
        throw PostgresError(
          .misuse,
          message: "the statement \(statement.name) is already prepared with other SQL")
      }
    } else {
      let types = buffers.typeOIDs
      let result = types.withUnsafeBufferPointer { typesBuffer in
        PQprepare(
          connection, statement.name, statement.sql, Int32(types.count), typesBuffer.baseAddress)
      }
      _ = try consume(result, on: connection)
      prepared[statement.name] = statement.sql
    }
    let result = buffers.withPointers { count, _, values, lengths, formats in
      PQexecPrepared(connection, statement.name, count, values, lengths, formats, 0)
    }
    return try consume(result, on: connection)
  }

  /// The names of the statements prepared on this connection.
  public var preparedStatementNames: Set<String> { Set(prepared.keys) }
}
