import Testing

@testable import TerminalUI

@Suite struct SyntaxHighlighterTests {
  func tokens(
    _ line: String, _ language: CodeLanguage, state: HighlightState = .normal
  )
    -> [CodeToken]
  {
    var state = state
    return SyntaxHighlighter.tokens(of: line, language: language, state: &state)
  }

  @Test func swift() {
    #expect(
      tokens("@MainActor let n = 0x1F // hi", .swift) == [
        CodeToken("@MainActor", .keyword), CodeToken(" ", .plain), CodeToken("let", .keyword),
        CodeToken(" n = ", .plain), CodeToken("0x1F", .number), CodeToken(" ", .plain),
        CodeToken("// hi", .comment),
      ])
    #expect(
      tokens("print(\"a \\\"q\\\" b\", nil)", .swift) == [
        CodeToken("print(", .plain), CodeToken("\"a \\\"q\\\" b\"", .string),
        CodeToken(", ", .plain), CodeToken("nil", .keyword), CodeToken(")", .plain),
      ])
  }

  @Test func python() {
    #expect(
      tokens("def f(x=1.5e-3): return None  # done", .python) == [
        CodeToken("def", .keyword), CodeToken(" f(x=", .plain), CodeToken("1.5e-3", .number),
        CodeToken("): ", .plain), CodeToken("return", .keyword), CodeToken(" ", .plain),
        CodeToken("None", .keyword), CodeToken("  ", .plain), CodeToken("# done", .comment),
      ])
  }

  @Test func javascriptAndTypeScript() {
    #expect(
      tokens("const s = `t ${x}`; /* c */ let y2 = 3", .javascript) == [
        CodeToken("const", .keyword), CodeToken(" s = ", .plain), CodeToken("`t ${x}`", .string),
        CodeToken("; ", .plain), CodeToken("/* c */", .comment), CodeToken(" ", .plain),
        CodeToken("let", .keyword), CodeToken(" y2 = ", .plain), CodeToken("3", .number),
      ])
    #expect(
      tokens("interface A { b: string }", .typescript) == [
        CodeToken("interface", .keyword), CodeToken(" A { b: ", .plain),
        CodeToken("string", .keyword), CodeToken(" }", .plain),
      ])
    #expect(tokens("interface", .javascript) == [CodeToken("interface", .plain)])
  }

  @Test func json() {
    #expect(
      tokens("{\"a\": [1, -2.5, true, null]}", .json) == [
        CodeToken("{", .plain), CodeToken("\"a\"", .string), CodeToken(": [", .plain),
        CodeToken("1", .number), CodeToken(", -", .plain), CodeToken("2.5", .number),
        CodeToken(", ", .plain), CodeToken("true", .keyword), CodeToken(", ", .plain),
        CodeToken("null", .keyword), CodeToken("]}", .plain),
      ])
  }

  @Test func shell() {
    #expect(
      tokens("if [ -f a#b ]; then echo 'x\\' \"$HOME\"; fi # end", .shell) == [
        CodeToken("if", .keyword), CodeToken(" [ -f a#b ]; ", .plain), CodeToken("then", .keyword),
        CodeToken(" echo ", .plain), CodeToken("'x\\'", .string), CodeToken(" ", .plain),
        CodeToken("\"$HOME\"", .string), CodeToken("; ", .plain), CodeToken("fi", .keyword),
        CodeToken(" ", .plain), CodeToken("# end", .comment),
      ])
  }

  @Test func numbersInsideIdentifiersAreNotNumbers() {
    #expect(tokens("v2x", .python) == [CodeToken("v2x", .plain)])
  }

  @Test func blockCommentsCarryAcrossLines() {
    var state = HighlightState.normal
    let first = SyntaxHighlighter.tokens(of: "x /* open", language: .swift, state: &state)
    #expect(first == [CodeToken("x ", .plain), CodeToken("/* open", .comment)])
    #expect(state == .blockComment)
    let second = SyntaxHighlighter.tokens(of: "still */ y", language: .swift, state: &state)
    #expect(second == [CodeToken("still */", .comment), CodeToken(" y", .plain)])
    #expect(state == .normal)
  }

  @Test func multilineStringsCarryAcrossLines() {
    var state = HighlightState.normal
    _ = SyntaxHighlighter.tokens(of: "s = \"\"\"start", language: .python, state: &state)
    #expect(state == .string(delimiter: "\"\"\""))
    let end = SyntaxHighlighter.tokens(of: "end\"\"\" + 1", language: .python, state: &state)
    #expect(
      end == [CodeToken("end\"\"\"", .string), CodeToken(" + ", .plain), CodeToken("1", .number)])
    #expect(state == .normal)
  }

  @Test func singleLineStringsDoNotCarry() {
    var state = HighlightState.normal
    _ = SyntaxHighlighter.tokens(of: "\"open", language: .swift, state: &state)
    #expect(state == .normal)
  }

  @Test(arguments: [
    ("swift", "swift"), ("py", "python"), ("Python3", "python"), ("js", "javascript"),
    ("jsx", "javascript"), ("ts", "typescript"), ("tsx", "typescript"), ("json", "json"),
    ("bash", "shell"), ("sh", "shell"), ("zsh", "shell"), ("console", "shell"),
  ])
  func fenceTagsNameLanguages(tag: String, name: String) {
    #expect(CodeLanguage.named(tag)?.name == name)
  }

  @Test func unknownTagsHaveNoLanguage() {
    #expect(CodeLanguage.named("brainfuck") == nil)
    #expect(CodeLanguage.named("") == nil)
  }

  @Test func textIsNeverLost() {
    let line = "let x = \"a\" /* b */ 12 + y // z"
    for language in [CodeLanguage.swift, .python, .javascript, .typescript, .json, .shell] {
      #expect(tokens(line, language).map(\.text).joined() == line)
    }
  }
}
