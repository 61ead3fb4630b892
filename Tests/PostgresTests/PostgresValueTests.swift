import Foundation
import Postgres
import Testing

@Suite struct PostgresValueTests {
  private static let createTable = """
    CREATE TABLE samples (
      id int8 PRIMARY KEY, whole int8, real float8, flag bool, words text,
      raw bytea, document jsonb, moment timestamptz, small int4
    )
    """

  private static let insert = """
    INSERT INTO samples (id, whole, real, flag, words, raw, document, moment, small)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    """

  @Test func everyParameterTypeRoundTripsThroughATable() async throws {
    let connection = try await connectToNewDatabase()
    try await connection.execute(Self.createTable)
    let moment = Date(timeIntervalSince1970: 1_796_000_000.123456)
    let bytes = Data([0, 1, 2, 0x7F, 0x80, 0xFE, 0xFF])
    let words = "Grüße, 世界 👋🏽 — \"quotes\" 'and' \\backslashes\\"
    try await connection.query(
      Self.insert,
      [
        .int(1), .int64(Int64.min), .double(-1234.5678e-9), .bool(true), .text(words),
        .bytes(bytes), .json(#"{"name": "Kiln", "tags": ["a", "ü"], "n": 1.5}"#),
        .timestamp(moment), .int64(Int64(Int32.max)),
      ])
    let row = try #require(try await connection.query("SELECT * FROM samples").first)
    #expect(try row.decode(Int64.self, named: "whole") == Int64.min)
    #expect(try row.decode(Double.self, named: "real") == -1234.5678e-9)
    #expect(try row.decode(Bool.self, named: "flag") == true)
    #expect(try row.decode(String.self, named: "words") == words)
    #expect(try row.decode(Data.self, named: "raw") == bytes)
    #expect(
      try row.decode(String.self, named: "document")
        == #"{"n": 1.5, "name": "Kiln", "tags": ["a", "ü"]}"#)
    let decodedMoment = try row.decode(Date.self, named: "moment")
    #expect(abs(decodedMoment.timeIntervalSince(moment)) < 0.000_001)
    #expect(try row.decode(Int32.self, named: "small") == Int32.max)
    #expect(try row.decode(Int.self, at: 0) == 1)
  }

  @Test func nullRoundTripsForEveryColumnAndDecodesAsNil() async throws {
    let connection = try await connectToNewDatabase()
    try await connection.execute(Self.createTable)
    let parameters: [PostgresValue?] = [.int(2)] + [PostgresValue?](repeating: nil, count: 8)
    try await connection.query(Self.insert, parameters)
    let row = try #require(try await connection.query("SELECT * FROM samples").first)
    #expect(row.values.count == 9)
    for index in 1..<9 { #expect(row.isNull(at: index)) }
    #expect(try row.decode(Int64?.self, named: "whole") == nil)
    #expect(try row.decode(String?.self, named: "words") == nil)
    #expect(try row.decode(Data?.self, named: "raw") == nil)
    #expect(try row.decode(Date?.self, named: "moment") == nil)
    let error = #expect(throws: PostgresError.self) { try row.decode(String.self, named: "words") }
    #expect(error?.kind == .decoding)
    #expect(error?.message.contains("NULL") == true)
  }

  @Test(arguments: [
    0.0, -0.0, 1.0 / 3.0, 1e308, .leastNonzeroMagnitude, .nan, .infinity, -.infinity,
  ])
  func doublesComeBackExactly(value: Double) async throws {
    let connection = try await connectToNewDatabase()
    let back = try await connection.scalar(Double.self, "SELECT $1::float8", [.double(value)])
    #expect(back.bitPattern == value.bitPattern || (back.isNaN && value.isNaN))
  }

  @Test func aStringCanFillAUUIDColumnBecauseTextIsSentUntyped() async throws {
    let connection = try await connectToNewDatabase()
    try await connection.execute("CREATE TABLE ids (id uuid PRIMARY KEY)")
    let id = "6f9619ff-8b86-d011-b42d-00c04fc964ff"
    try await connection.query("INSERT INTO ids VALUES ($1)", [.text(id)])
    #expect(try await connection.scalar(String.self, "SELECT id::text FROM ids") == id)
  }

  @Test func aTextParameterWithANULIsRefusedBeforeItIsSent() async throws {
    let connection = try await connectToNewDatabase()
    let error = await #expect(throws: PostgresError.self) {
      try await connection.query("SELECT $1::text", [.text("a\u{0}b")])
    }
    #expect(error?.kind == .misuse)
  }

  @Test func aValueOfTheWrongTypeIsADecodingError() async throws {
    let connection = try await connectToNewDatabase()
    let row = try #require(try await connection.query("SELECT 'abc'::text AS word").first)
    let error = #expect(throws: PostgresError.self) { try row.decode(Int.self, named: "word") }
    #expect(error?.kind == .decoding)
    #expect(throws: PostgresError.self) { try row.decode(Int.self, named: "missing") }
    #expect(throws: PostgresError.self) { try row.decode(Int.self, at: 5) }
  }
}
