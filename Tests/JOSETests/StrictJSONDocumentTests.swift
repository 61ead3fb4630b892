import JOSE
import TestSupport
import Testing

/// `StrictJSONDocument` must accept exactly what `StrictJSONParser` accepts, refuse the rest
/// with the same error, and read the same values.
@Suite struct StrictJSONDocumentTests {
  private let parser = StrictJSONParser()

  /// Both readers' verdicts on one text: the value, or the error.
  private func verdicts(
    _ bytes: [UInt8], parser: StrictJSONParser = StrictJSONParser()
  ) -> (
    tree: Result<StrictJSONValue, StrictJSONError>,
    document: Result<StrictJSONValue, StrictJSONError>
  ) {
    let tree = Result { () throws(StrictJSONError) -> StrictJSONValue in
      do { return try parser.parse(bytes) } catch let error as StrictJSONError {
        throw error
      } catch {
        Issue.record("an error of another type: \(error)")
        throw StrictJSONError.notUTF8
      }
    }
    let document = Result { () throws(StrictJSONError) -> StrictJSONValue in
      let document = try StrictJSONDocument(
        parsing: bytes, maximumDepth: parser.maximumDepth, maximumValues: parser.maximumValues)
      return document.value(document.root)
    }
    return (tree, document)
  }

  @Test(arguments: [
    // Names equal only as Swift strings: é precomposed and decomposed, the Kelvin sign and K,
    // the Greek question mark and a semicolon, an escape and its letter.
    "{\"\u{E9}\":1,\"e\u{301}\":2}", "{\"\u{212A}\":1,\"K\":2}", "{\"K\":1,\"\u{212A}\":2}",
    "{\"\u{37E}\":1,\";\":2}", #"{"a":1,"\u0061":2}"#, #"{"\u00e9":1,"é":2}"#,
    // Repeats inside, after a syntax error, and in objects of many members.
    #"{"x":{"b":1,"b":1}}"#, #"[{"c":1,"c":null}]"#, #"{"a":1,"a":2,"#,
    "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"k7\":0}",
    "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}",
    // Well-formed texts of every kind, with whitespace everywhere.
    #" { "s" : "a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00" , "n" : -12.5e2 , "z":0 } "#,
    #"[true,false,null,[],{},"",0,-0,1e2,123456789012345678,0.5]"#, #""plain""#, "7",
    // Refused texts: trailing data, bad numbers, bad escapes, control characters, the end.
    "{} x", "[1,]", "{\"a\":01}", "{\"a\":1e999}", "{\"a\":\"\\ud800\"}", "{\"a\":\"\\x\"}",
    "{\"a\":\"tab\there\"}", "{\"a\":\"open", "", " ", "{\"a\"", "[", "nul", "-", "{,}",
  ])
  func agreesWithTheTreeOnTrickyTexts(text: String) {
    let (tree, document) = verdicts(Array(text.utf8))
    #expect(tree == document, "\(text)")
  }

  @Test func agreesOnLimitsOfDepthAndValueCount() {
    let small = StrictJSONParser(maximumDepth: 3, maximumValues: 5)
    for text in [
      "[[[]]]", "[[[[]]]]", "{\"a\":{\"b\":{\"c\":1}}}", "{\"a\":{\"b\":{}}}", "[1,2,3,4]",
      "[1,2,3,4,5]", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}", "[[],[],[],[]]",
    ] {
      let (tree, document) = verdicts(Array(text.utf8), parser: small)
      #expect(tree == document, "\(text)")
    }
    let (_, refused) = verdicts(Array("[1,2,3,4,5]".utf8), parser: small)
    #expect(refused == .failure(.tooManyValues))
  }

  /// Seeded random texts, valid and then damaged a byte at a time: the two readers must
  /// give the same value or the same error for every one.
  @Test func agreesWithTheTreeOnRandomAndDamagedTexts() {
    var random = SeededGenerator(state: 0x5EED_0017)
    var compared = 0
    var accepted = 0
    for _ in 0..<1_500 {
      let text = Array(Self.randomJSON(&random, depth: 0).utf8)
      var variants = [text]
      for _ in 0..<3 where !text.isEmpty {
        var damaged = text
        let position = Int.random(in: 0..<damaged.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: damaged.remove(at: position)
        case 1: damaged.insert(Self.noise.randomElement(using: &random) ?? 0x20, at: position)
        default: damaged[position] = Self.noise.randomElement(using: &random) ?? 0x20
        }
        variants.append(damaged)
      }
      for bytes in variants {
        let (tree, document) = verdicts(bytes)
        #expect(tree == document, "\(String(decoding: bytes, as: UTF8.self))")
        compared += 1
        if case .success = tree { accepted += 1 }
      }
    }
    // Both kinds were exercised, not only one.
    #expect(compared == 6_000)
    #expect(accepted > 1_500 && accepted < 6_000)
  }

  /// One document reading text after text, valid and damaged, answers for each exactly as a
  /// new document made from it does, including after a text it refused.
  @Test func readingTextAfterTextIntoOneDocumentAnswersAsANewDocumentEachTime() {
    var random = SeededGenerator(state: 0x5EED_0018)
    var reused: StrictJSONDocument?
    var refused = 0
    for _ in 0..<2_000 {
      var bytes = Array(Self.randomJSON(&random, depth: 0).utf8)
      if Bool.random(using: &random), !bytes.isEmpty {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] =
          Self.noise.randomElement(using: &random) ?? 0x20
      }
      // The reader is given text: damage that is not UTF-8 is repaired on the way in.
      let text = String(decoding: bytes, as: UTF8.self)
      let fresh = Result { () throws(StrictJSONError) -> StrictJSONValue in
        let document = try StrictJSONDocument(parsing: Array(text.utf8))
        return document.value(document.root)
      }
      guard var current = reused ?? (try? StrictJSONDocument(parsing: Array("0".utf8))) else {
        Issue.record("a document of 0 was refused")
        return
      }
      let read = Result { () throws(StrictJSONError) -> StrictJSONValue in
        try current.read(text)
        return current.value(current.root)
      }
      #expect(read == fresh, "\(text)")
      if case .failure = read { refused += 1 }
      // Kept whatever happened: the next text is read into the same document.
      reused = current
    }
    #expect(refused > 100 && refused < 1_900)
  }

  @Test func readsMembersElementsAndScalarsInPlace() throws {
    let document = try StrictJSONDocument(
      parsing: Array(
        #"{"id":"gen-1","n":-2.5,"list":[1,"two",null,{"x":true}],"empty":"","esc":"a\nb","#
          .utf8) + Array(#""obj":{"\u212A":"kelvin"},"nothing":null}"#.utf8))
    let root = document.root
    #expect(document.isObject(root))
    #expect(document.count(of: root) == 7)
    #expect(document.member("id", of: root).flatMap(document.string) == "gen-1")
    #expect(document.member("n", of: root).flatMap(document.number) == -2.5)
    #expect(document.member("id", of: root).flatMap(document.number) == nil)
    #expect(document.member("missing", of: root) == nil)
    let list = try #require(document.member("list", of: root))
    let elements = Array(document.elements(of: list))
    #expect(elements.count == 4 && document.count(of: list) == 4)
    #expect(document.number(elements[0]) == 1 && document.string(elements[1]) == "two")
    #expect(document.isNull(elements[2]))
    #expect(document.member("x", of: elements[3]).map(document.value) == .bool(true))
    #expect(document.member("x", of: list) == nil && Array(document.elements(of: root)).isEmpty)
    #expect(document.member("empty", of: root).map(document.isNonEmptyString) == false)
    #expect(document.member("esc", of: root).map(document.isNonEmptyString) == true)
    #expect(document.member("esc", of: root).flatMap(document.string) == "a\nb")
    // A name is found as Swift finds a dictionary key: the Kelvin sign is K.
    let object = try #require(document.member("obj", of: root))
    #expect(document.member("K", of: object).flatMap(document.string) == "kelvin")
    #expect(document.isNull(try #require(document.member("nothing", of: root))))
  }

  private static let noise: [UInt8] =
    Array("{}[]\",:\\ \n0-1e.tnfu\u{7F}".utf8) + [0x00, 0xC3, 0xE9]

  /// A random JSON text with whitespace, escapes, repeated and look-alike names, and numbers
  /// of every shape.
  private static func randomJSON(_ random: inout SeededGenerator, depth: Int) -> String {
    let space = ["", " ", "\n", "\t ", "\r\n"].randomElement(using: &random) ?? ""
    switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &random) {
    case 0:
      return space + (["true", "false", "null"].randomElement(using: &random) ?? "null")
    case 1:
      return space
        + ([
          "0", "-0", "7", "-12", "3.25", "1e3", "-2E-2", "123456789012345", "1234567890123456789",
          "0.000001", "1e308",
        ].randomElement(using: &random) ?? "0")
    case 2, 3:
      return space + randomString(&random)
    case 4:
      let count = Int.random(in: 0..<4, using: &random)
      let elements = (0..<count).map { _ in randomJSON(&random, depth: depth + 1) }
      return space + "[" + elements.joined(separator: ",") + space + "]"
    default:
      let count = Int.random(in: 0..<5, using: &random)
      let members = (0..<count).map { _ in
        randomName(&random) + space + ":" + randomJSON(&random, depth: depth + 1)
      }
      return space + "{" + members.joined(separator: ",") + space + "}"
    }
  }

  private static func randomName(_ random: inout SeededGenerator) -> String {
    [
      "\"a\"", "\"b\"", "\"\\u0061\"", "\"id\"", "\"K\"", "\"\u{212A}\"", "\"\u{E9}\"",
      "\"e\u{301}\"", "\"choices\"", "\"\"",
    ].randomElement(using: &random) ?? "\"a\""
  }

  private static func randomString(_ random: inout SeededGenerator) -> String {
    [
      "\"\"", "\"text\"", "\"a\\\"b\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "\"é\"", "\"\\n\\t\"",
      "\"\\/\"",
    ].randomElement(using: &random) ?? "\"\""
  }
}
