import Foundation
import TestSupport
import Testing

/// `kiln search` lists each conversation once, with its matching messages under it (the
/// echo model repeats every question, so each ask adds two matching messages).
@Suite struct SearchGroupingTests {
  @Test func eachConversationIsListedOnceWithAtMostThreeSnippets() async throws {
    let home = try ChatTestHome()
    for arguments in [["ask", "brown one"], ["ask", "-c", "brown two"], ["ask", "other brown"]] {
      let run = try await home.runWithPipes(arguments, input: "")
      #expect(run.status == 0, "\(run.error)")
    }
    let search = try await home.runWithPipes(["search", "brown"], input: "")
    #expect(search.status == 0, "\(search.error)")
    let lines = search.output.split(separator: "\n").map(String.init)
    let headers = lines.filter { !$0.hasPrefix("    ") }
    #expect(headers.count == 2, "\(search.output)")
    #expect(lines.contains("    (+1 more)"), "\(search.output)")
    // Three of the first conversation's four hits, both of the second's.
    let snippets = lines.filter { $0.hasPrefix("    ") && $0.contains("[brown]") }
    #expect(snippets.count == 5, "\(search.output)")

    // JSON keeps one entry per hit, each naming its conversation, for scripts.
    let json = try await home.runWithPipes(["search", "--json", "brown"], input: "")
    let hits = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(hits.filter { $0["message_id"] is String }.count == 6, "\(json.output)")
  }
}
