import Testing

@testable import Backend

/// Finding each top-level member's value in the text as sent, whatever its strings hold.
@Suite struct JSONMemberSpansTests {
  func members(_ text: String) -> [(name: String, value: String)] {
    let bytes = Array(text.utf8)
    return JSONMemberSpans.members(of: bytes).map { span in
      (
        String(decoding: bytes[span.name], as: UTF8.self),
        String(decoding: bytes[span.value], as: UTF8.self)
      )
    }
  }

  @Test func valuesEndWhereTheirJSONEndsNotAtBracketsOrQuotesInsideStrings() {
    let text = #" { "a\"b" : "x}],\"" , "changes":[{"s":"]}\\"},[ ]],"n":-1.5e3 ,"t":true} "#
    let found = members(text)
    #expect(found.map(\.name) == [#""a\"b""#, #""changes""#, #""n""#, #""t""#])
    #expect(found.map(\.value) == [#""x}],\"""#, #"[{"s":"]}\\"},[ ]]"#, "-1.5e3", "true"])
  }

  @Test func anEmptyObjectHasNoMembers() {
    #expect(members("{ }").isEmpty)
    #expect(members("{}").isEmpty)
  }
}
