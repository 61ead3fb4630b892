import Foundation
import Testing

@testable import AI

@Suite struct JSONValueTests {
  @Test func decodesEveryKindAndEncodesWithSortedKeys() throws {
    let text = #"{"b":[1,true,"x",null,{"z":2.5}],"a":false}"#
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(
      value
        == .object([
          "b": .array([.number(1), .bool(true), .string("x"), .null, .object(["z": .number(2.5)])]),
          "a": .bool(false),
        ]))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let encoded = String(decoding: try encoder.encode(value), as: UTF8.self)
    #expect(encoded == #"{"a":false,"b":[1,true,"x",null,{"z":2.5}]}"#)
  }
}
