import TestSupport
import Testing

@testable import JOSE

/// `JSONText` writes bytes a run at a time; these pin it against the rules stated one scalar
/// at a time, and check that what it writes reads back as the value it was given.
@Suite struct JSONTextTests {
  /// The quoting rules, one scalar at a time, as the documentation states them.
  private static func quotedByScalar(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }

  /// Scalars around every escape rule: controls, DEL, the separators and their neighbours
  /// (which share the first two UTF-8 bytes), and multi-byte text.
  private static let alphabet: [Unicode.Scalar] =
    Array("aZ09 \"\\/\n\r\t\u{08}\u{0C}\u{00}\u{01}\u{1F}\u{7F}\u{80}é€😀".unicodeScalars)
    + ["\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{2080}", "\u{E000}"]

  @Test func quotingMatchesTheRulesScalarByScalar() {
    var generator = SeededGenerator(state: 0x2026_1207)
    for _ in 0..<5_000 {
      let length = Int.random(in: 0..<24, using: &generator)
      var text = String.UnicodeScalarView()
      for _ in 0..<length {
        text.append(Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &generator)])
      }
      let string = String(text)
      #expect(JSONText.quoted(string) == Self.quotedByScalar(string), "\(Array(string.utf8))")
    }
  }

  @Test func namedEscapesAndUnicodeEscapesAreWrittenAsExpected() {
    #expect(JSONText.quoted("a\"b\\c") == #""a\"b\\c""#)
    #expect(JSONText.quoted("\n\r\t\u{08}\u{0C}") == #""\n\r\t\b\f""#)
    #expect(JSONText.quoted("\u{00}\u{1F}\u{7F}") == #""\u0000\u001f\u007f""#)
    #expect(JSONText.quoted("x\u{2028}y\u{2029}z\u{2027}") == "\"x\\u2028y\\u2029z\u{2027}\"")
    #expect(JSONText.quoted("") == #""""#)
  }

  @Test func serializedValuesReadBackWithMembersInNameOrder() throws {
    let value = StrictJSONValue.object([
      "zeta": .array([.number(1), .number(-2.5), .null, .bool(true), .bool(false)]),
      "alpha": .string("line\u{2028}end \u{1}"),
      "mid": .object(["b": .string("é"), "a": .array([])]),
    ])
    let text = JSONText.serialize(value)
    #expect(
      text
        == #"{"alpha":"line\u2028end \u0001","mid":{"a":[],"b":"é"},"zeta":[1,-2.5,null,true,false]}"#
    )
    #expect(try StrictJSONParser().parse(Array(text.utf8)) == value)
    var bytes: [UInt8] = [UInt8(ascii: "x")]
    JSONText.append(value, to: &bytes)
    #expect(bytes == [UInt8(ascii: "x")] + Array(text.utf8))
  }
}
