import Foundation

/// One row of a result: every column's text (nil for NULL), read by name or position and
/// decoded to the type the caller asks for.
public struct PostgresRow: Sendable {
  /// The result's column names, shared by all its rows.
  public let columns: PostgresColumns
  /// The row's values in the server's text format; nil is NULL.
  public let values: [String?]

  /// A row with the given columns and values.
  public init(columns: PostgresColumns, values: [String?]) {
    self.columns = columns
    self.values = values
  }

  /// Decodes column `index` (from 0); NULL throws, use `decode(_:at:)` with an optional
  /// type to accept it.
  /// - Throws: `PostgresError` of kind `.decoding` for a missing column, a NULL or a value
  ///   that is not a `T`.
  public func decode<T: PostgresDecodable>(_ type: T.Type = T.self, at index: Int) throws -> T {
    guard values.indices.contains(index) else {
      throw PostgresError(.decoding, message: "the result has no column \(index)")
    }
    return try decodeValue(T.self, values[index], column: columns.names[index])
  }

  /// Decodes the column named `name`.
  /// - Throws: `PostgresError` of kind `.decoding` for a missing column, a NULL or a value
  ///   that is not a `T`.
  public func decode<T: PostgresDecodable>(
    _ type: T.Type = T.self, named name: String
  ) throws
    -> T
  {
    guard let index = columns.index(of: name) else {
      throw PostgresError(.decoding, message: "the result has no column named \(name)")
    }
    return try decodeValue(T.self, values[index], column: name)
  }

  /// Whether the column at `index` is NULL (true for a column that does not exist).
  public func isNull(at index: Int) -> Bool {
    !values.indices.contains(index) || values[index] == nil
  }

  private func decodeValue<T: PostgresDecodable>(
    _ type: T.Type, _ text: String?, column: String
  )
    throws -> T
  {
    guard let value = T(postgresText: text) else {
      let what = text == nil ? "NULL" : "a value that is not \(T.self)"
      throw PostgresError(.decoding, message: "column \(column) holds \(what)")
    }
    return value
  }
}

/// The column names of a result, with a lookup by name.
public struct PostgresColumns: Sendable, Equatable {
  /// The names in order.
  public let names: [String]
  private let positions: [String: Int]

  /// Columns with these names; a repeated name finds its first position.
  public init(names: [String]) {
    self.names = names
    var positions: [String: Int] = [:]
    for (index, name) in names.enumerated() where positions[name] == nil {
      positions[name] = index
    }
    self.positions = positions
  }

  /// The position of the column called `name`, if there is one.
  public func index(of name: String) -> Int? { positions[name] }
}

/// The rows a statement returned and the number of rows it changed.
public struct PostgresResult: Sendable {
  /// The rows, in the server's order.
  public let rows: [PostgresRow]
  /// Rows inserted, updated or deleted (`PQcmdTuples`); 0 for statements that change none.
  public let affectedRows: Int

  /// A result from its parts.
  public init(rows: [PostgresRow], affectedRows: Int) {
    self.rows = rows
    self.affectedRows = affectedRows
  }

  /// The first row, if any.
  public var first: PostgresRow? { rows.first }
}
