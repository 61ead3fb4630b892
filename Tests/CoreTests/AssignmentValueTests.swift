import Core
import Testing

@Suite struct AssignmentValueTests {
  @Test(arguments: [
    (" value ", "value", false),
    ("value # note", "value", false),
    ("value // note", "value", false),
    ("a#b", "a#b", false),
    ("https://example.org", "https://example.org", false),
    ("# only a comment", "", false),
    (#" "kept # whole" # note"#, "kept # whole", true),
    ("'single'", "single", true),
    (#""unclosed # x"#, #""unclosed"#, false),
  ])
  func readsTheValueAsKilnAndKilnServerDo(raw: String, value: String, quoted: Bool) {
    let parsed = AssignmentValue.parse(raw)
    #expect(parsed.value == value)
    #expect(parsed.quoted == quoted)
  }
}
