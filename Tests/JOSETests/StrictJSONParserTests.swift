import JOSE
import Testing

@Suite struct StrictJSONParserTests {
  private let parser = StrictJSONParser()

  private func parse(_ text: String) throws -> StrictJSONValue {
    try parser.parse(Array(text.utf8))
  }

  @Test func readsEveryKindOfValue() throws {
    let value = try parse(
      #" { "s": "a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "n": -12.5e2, "z": 0, "t": true, "#
        + #""f": false, "u": null, "a": [1, [], {}], "o": {"k": "v"} } "#)
    #expect(
      value
        == .object([
          "s": .string("a\"\\/\u{08}\u{0C}\n\r\t\u{E9}\u{1F600}"), "n": .number(-1250),
          "z": .number(0), "t": .bool(true), "f": .bool(false), "u": .null,
          "a": .array([.number(1), .array([]), .object([:])]), "o": .object(["k": .string("v")]),
        ]))
  }

  /// Whole numbers are summed from their digits, not converted from text: every width up to
  /// 15 digits and past it must still give what `Double(text)` gives.
  @Test(arguments: [
    "0", "-0", "7", "-7", "10", "999999999999999", "-999999999999999", "123456789012345",
    "1234567890123456", "9007199254740993", "12345678901234567890", "-1.5", "2e3", "0.1",
  ])
  func readsNumbersAsTheirTextConverts(text: String) throws {
    let value = try parse("[\(text)]")
    guard case .array(let elements) = value, case .number(let number) = elements.first,
      let expected = Double(text)
    else {
      Issue.record("\(text) did not read as a number")
      return
    }
    #expect(number == expected)
    #expect(number.sign == expected.sign)
  }

  @Test(arguments: [
    (#""\n""#, "\n"), (#""a\"b""#, "a\"b"), (#""abc\u00e9""#, "abc\u{E9}"),
    (#""\ud83d\ude00 tail""#, "\u{1F600} tail"), (#""héllo""#, "héllo"), (#""""#, ""),
  ])
  func readsStringsWithAndWithoutEscapesAnywhere(text: String, expected: String) throws {
    #expect(try parse(text) == .string(expected))
  }

  @Test func readsRFC7515sExamplePayloadWithItsLineBreaks() throws {
    let members = try parser.parseObject(
      Array(
        "{\"iss\":\"joe\",\r\n \"exp\":1300819380,\r\n \"http://example.com/is_root\":true}".utf8))
    #expect(members["exp"] == .number(1_300_819_380))
    #expect(members["http://example.com/is_root"] == .bool(true))
  }

  @Test(arguments: [
    #"{"a":1,"a":2}"#, #"{"a":1,"\u0061":2}"#, #"{"x":{"b":1,"b":1}}"#, #"[{"c":1,"c":null}]"#,
    "{\"\u{E9}\":1,\"e\u{301}\":2}",
  ])
  func refusesDuplicateMemberNamesAnywhere(text: String) {
    #expect(throws: StrictJSONError.duplicateMember) { try parse(text) }
  }

  @Test func refusesAByteOrderMarkAndBytesThatAreNotUTF8() {
    let invalid: [[UInt8]] = [
      [0xEF, 0xBB, 0xBF] + Array("{}".utf8),
      Array("{\"a\":\"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8),  // overlong "/"
      Array("{\"a\":\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}".utf8),  // a surrogate
      Array("{\"a\":\"".utf8) + [0xFF] + Array("\"}".utf8),
      [0x7B, 0x00, 0x7D, 0x00],  // "{}" in UTF-16LE
      [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00],
    ]
    for bytes in invalid {
      #expect(throws: StrictJSONError.self) { try parser.parse(bytes) }
    }
    #expect(throws: StrictJSONError.notUTF8) { try parser.parse(invalid[0]) }
  }

  @Test(arguments: [
    "{} x", "{}{}", "{},", "{\"a\":1,}", "[1,]", "{\"a\" 1}", "{'a':1}", "{a:1}", "{\"a\":01}",
    "{\"a\":1.}", "{\"a\":.5}", "{\"a\":+1}", "{\"a\":1e}", "{\"a\":-}", "{\"a\":1e999}",
    "{\"a\":NaN}", "{\"a\":Infinity}", "{\"a\":tru}", "{\"a\":nul}", "{\"a\":\"\\ud800\"}",
    "{\"a\":\"\\udc00\"}", "{\"a\":\"\\ud800\\u0041\"}", "{\"a\":\"\\x41\"}", "{\"a\":\"\\u12\"}",
    "{\"a\":\"tab\there\"}", "{\"a\":\"unterminated}", "{\"a\":1 // note\n}", "", "   ",
    "{\"a\":1", "{\"a\":\"\u{0}\"}",
  ])
  func refusesMalformedTextAndTrailingData(text: String) {
    #expect(throws: StrictJSONError.self) { try parse(text) }
  }

  @Test func limitsNestingDepth() throws {
    let shallow = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
    let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
    #expect(throws: Never.self) { try parse(shallow) }
    #expect(throws: StrictJSONError.tooDeep) { try parse(deep) }
    let objects = String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40)
    #expect(throws: StrictJSONError.tooDeep) { try parse(objects) }
  }

  @Test func limitsTheNumberOfValuesWhateverTheirKind() throws {
    let four = StrictJSONParser(maximumValues: 4)
    // An array and its elements, an object and its members' values: names do not count.
    #expect(
      try four.parse(Array("[1,\"a\",null]".utf8)) == .array([.number(1), .string("a"), .null]))
    #expect(try four.parse(Array("{\"a\":{\"b\":[true]}}".utf8)).objectValue?.count == 1)
    for text in ["[1,2,3,4]", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}", "[[[[[]]]]]", "[{},{},{},{}]"] {
      #expect(throws: StrictJSONError.tooManyValues) { try four.parse(Array(text.utf8)) }
    }
    // The default holds a sync push of 500 changes many times over, not a body of tiny values.
    let tiny = "[" + Array(repeating: "{\"a\":1}", count: 60_000).joined(separator: ",") + "]"
    #expect(throws: StrictJSONError.tooManyValues) { try parse(tiny) }
    let fits = "[" + Array(repeating: "1", count: 99_999).joined(separator: ",") + "]"
    #expect(try parse(fits).arrayValue?.count == 99_999)
  }

  @Test func parseObjectRefusesOtherTopLevelValues() {
    for text in ["[]", "\"{}\"", "1", "null", "true"] {
      #expect(throws: StrictJSONError.notAnObject) { try parser.parseObject(Array(text.utf8)) }
    }
  }

  @Test func serializedValuesReadBackTheSame() throws {
    let value = StrictJSONValue.object([
      "b": .array([.number(1.5), .number(-3), .number(1_800_000_000), .null]),
      "a": .string("quote \" backslash \\ newline \n control \u{1} line sep \u{2028}"),
      "c": .bool(false),
    ])
    let text = JSONText.serialize(value)
    #expect(text.hasPrefix("{\"a\":"))
    #expect(try parse(text) == value)
  }
}
