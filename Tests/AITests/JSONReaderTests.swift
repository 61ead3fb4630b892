import Testing

@testable import AI

@Suite struct JSONReaderTests {
  /// Reads `json` as one string value.
  private func string(_ json: String) throws -> String {
    let bytes = Array(json.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      let value = try reader.readString()
      try reader.expectEnd()
      return value
    }
  }

  private func int(_ json: String) throws -> Int {
    let bytes = Array(json.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      let value = try reader.readInt()
      try reader.expectEnd()
      return value
    }
  }

  private func skips(_ json: String) -> Bool {
    let bytes = Array(json.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do {
        try reader.skipValue()
        try reader.expectEnd()
        return true
      } catch {
        return false
      }
    }
  }

  @Test(arguments: [
    (#""plain""#, "plain"),
    (#""""#, ""),
    (#""caf\u00e9 \"q\" \\ \/ \b\f\n\r\t""#, "café \"q\" \\ / \u{8}\u{C}\n\r\t"),
    (#""\ud83d\ude42 smile""#, "🙂 smile"),
    (#""東京 🙂""#, "東京 🙂"),
    (#""lone \ud83d here""#, "lone \u{FFFD} here"),
    (#""low \ude42 first""#, "low \u{FFFD} first"),
    (#""\ud83d\u0041""#, "\u{FFFD}A"),
  ])
  func readsStringsWithEveryEscape(json: String, expected: String) throws {
    #expect(try string(json) == expected)
  }

  @Test(arguments: [
    #""unterminated"#, #""bad \x escape""#, #""short \u12""#, "\"raw\u{1}control\"",
    #""trailing" x"#, "'single'",
  ])
  func rejectsMalformedStrings(json: String) {
    #expect(throws: JSONReader.Failure.self) { try string(json) }
  }

  @Test(arguments: [
    ("0", 0), ("42", 42), ("-7", -7), ("12.0", 12), ("1.2e1", 12), ("1E2", 100),
    ("123456789012345678", 123_456_789_012_345_678),
  ])
  func readsWholeNumbers(json: String, expected: Int) throws {
    #expect(try int(json) == expected)
  }

  @Test(arguments: ["01", "1.", "-", "1.5", "1e", "+1", "1e400", ".5"])
  func rejectsNumbersThatAreNotWholeOrNotJSON(json: String) {
    #expect(throws: JSONReader.Failure.self) { try int(json) }
  }

  @Test(arguments: [
    #"{"a":[1,2.5e-3,{"b":null}],"c":true,"d":false,"e":"x\"y"}"#, "[]", "{}", " [ { } ] ",
    "null", "-0.0",
  ])
  func skipsAnyWellFormedValue(json: String) {
    #expect(skips(json))
  }

  @Test(arguments: [
    #"{"a":1,}"#, "[1,]", #"{"a" 1}"#, "[1 2]", "nul", "tru", #"{"a":1"#, "{a:1}", "",
  ])
  func refusesMalformedValues(json: String) {
    #expect(!skips(json))
  }

  @Test func refusesNestingDeeperThanTheLimit() {
    let deep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
    let allowed = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
    #expect(!skips(deep))
    #expect(skips(allowed))
  }

  @Test func matchesKeysWithAndWithoutEscapes() throws {
    let bytes = Array(#"{"choices":1,"\u0063ontent":2,"choicesX":3}"#.utf8)
    var matched: [String] = []
    try bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      try reader.readObject { reader, key in
        if key.matches("choices") { matched.append("choices") }
        if key.matches("content") { matched.append("content") }
        try reader.skipValue()
      }
    }
    #expect(matched == ["choices", "content"])
  }
}
