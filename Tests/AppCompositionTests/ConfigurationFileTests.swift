import AppComposition
import Foundation
import Testing

@Suite struct ConfigurationFileTests {
  private func values(_ text: String) throws -> [String: String] {
    try ConfigurationFile.parse(text, path: "/tmp/kiln-config").mapValues(\.value)
  }

  @Test func readsAssignmentsCommentsAndBlankLines() throws {
    let text = """
      // Kiln configuration
      # also a comment

      PROXY_BASE_URL = https://abc.supabase.co/functions/v1
      PROXY_PATH=/ai
        KILN_MODEL   =   openai/gpt-4o-mini   // the default model
      """
    #expect(
      try values(text) == [
        "PROXY_BASE_URL": "https://abc.supabase.co/functions/v1",
        "PROXY_PATH": "/ai",
        "KILN_MODEL": "openai/gpt-4o-mini",
      ])
  }

  @Test func xcconfigEscapeAndQuotesAreRemoved() throws {
    let parsed = try values(
      """
      SUPABASE_URL = https:/$()/abc.supabase.co
      PROXY_DEFAULT_HEADERS = '{"X-Title": "Kiln"}'
      OPENAI_API_KEY = "sk-test"
      """)
    #expect(parsed["SUPABASE_URL"] == "https://abc.supabase.co")
    #expect(parsed["PROXY_DEFAULT_HEADERS"] == #"{"X-Title": "Kiln"}"#)
    #expect(parsed["OPENAI_API_KEY"] == "sk-test")
  }

  @Test func aHashAfterWhitespaceStartsACommentUnlessTheValueIsQuoted() throws {
    let parsed = try values(
      """
      KILN_MODEL = gpt-4o-mini # the cheap one
      KILN_LANGUAGE = es#not-a-comment
      KILN_SYSTEM_PROMPT = "You are #1 // really"   # quoted, so kept whole
      PROXY_PATH = '/ai' // a comment after quotes
      OPENAI_BASE_URL = http://localhost:11434/v1#fragment
      """)
    #expect(parsed["KILN_MODEL"] == "gpt-4o-mini")
    #expect(parsed["KILN_LANGUAGE"] == "es#not-a-comment")
    #expect(parsed["KILN_SYSTEM_PROMPT"] == "You are #1 // really")
    #expect(parsed["PROXY_PATH"] == "/ai")
    #expect(parsed["OPENAI_BASE_URL"] == "http://localhost:11434/v1#fragment")
  }

  @Test func laterAssignmentsWinAndExportIsAccepted() throws {
    let parsed = try values("KILN_MODEL = a\nexport KILN_MODEL=b\r\n")
    #expect(parsed["KILN_MODEL"] == "b")
  }

  @Test func recordsTheLineOfEachValue() throws {
    let parsed = try ConfigurationFile.parse("\n\nKILN_MODEL = x", path: "/etc/kiln")
    #expect(parsed["KILN_MODEL"]?.origin == .file(path: "/etc/kiln", line: 3))
  }

  @Test func aLineWithoutAssignmentIsAnErrorNamingTheLine() {
    #expect {
      _ = try values("KILN_MODEL = x\nthis is not valid")
    } throws: { error in
      let issue = (error as? ConfigurationError)?.issues.first
      return issue?.origin == .file(path: "/tmp/kiln-config", line: 2)
        && issue?.problem.contains("KEY = VALUE") == true
    }
  }

  @Test func anInvalidKeyNameIsAnError() {
    #expect(throws: ConfigurationError.self) { _ = try values("PROXY-URL = x") }
  }

  @Test func includesReadFilesRelativeToTheIncludingFile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "OPENAI_API_KEY = sk-local\n".write(
      to: directory.appendingPathComponent("Secrets.xcconfig"), atomically: true, encoding: .utf8)
    let main = directory.appendingPathComponent("config")
    try """
    #include "Secrets.xcconfig"
    #include? "Missing.xcconfig"
    KILN_MODEL = llama3
    """.write(to: main, atomically: true, encoding: .utf8)
    let parsed = try ConfigurationFile.load(path: main.path)
    #expect(parsed["OPENAI_API_KEY"]?.value == "sk-local")
    #expect(parsed["KILN_MODEL"]?.value == "llama3")
  }

  @Test func aRequiredIncludeThatIsMissingIsAnError() {
    #expect(throws: ConfigurationError.self) {
      _ = try ConfigurationFile.parse(#"#include "nope.xcconfig""#, path: "/nonexistent/config")
    }
  }

  @Test func anUnreadableFileSaysSo() {
    #expect {
      _ = try ConfigurationFile.load(path: "/nonexistent/kiln/config")
    } throws: { error in
      (error as? ConfigurationError)?.description.contains("no such file") == true
    }
  }
}
