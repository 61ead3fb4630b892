import Foundation
import TestSupport
import Testing

/// `kiln chats --limit N` and `kiln delete ID...` through the real binary; the echo model
/// answers the asks that make the conversations.
@Suite struct DeleteAndLimitTests {
  /// A home with three conversations, newest first in `ids`.
  private static func homeWithThree() async throws -> (ChatTestHome, [String]) {
    let home = try ChatTestHome()
    for word in ["alpha", "bravo", "charlie"] {
      let run = try await home.runWithPipes(["ask", "\(word) message"], input: "")
      #expect(run.status == 0, "\(run.error)")
    }
    return (home, try await ids(home))
  }

  private static func ids(_ home: ChatTestHome, _ extra: [String] = []) async throws -> [String] {
    let list = try await home.runWithPipes(["chats", "--json"] + extra, input: "")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
    return rows.compactMap { $0["id"] as? String }
  }

  @Test(arguments: ["--limit", "-n"])
  func chatsListsOnlyTheFirstN(_ option: String) async throws {
    let (home, all) = try await Self.homeWithThree()
    #expect(try await Self.ids(home, [option, "2"]) == Array(all.prefix(2)))
    let text = try await home.runWithPipes(["chats", option, "1"], input: "")
    #expect(text.output.split(separator: "\n").count == 1, "\(text.output)")
  }

  @Test(arguments: ["0", "-3", "many"])
  func aLimitThatIsNoPositiveNumberIsAUsageMistake(_ value: String) async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(["chats", "--limit", value], input: "")
    #expect(run.status == 2)
    #expect(run.error.contains("--limit needs a whole number"), "\(run.error)")
  }

  @Test func deleteWithYesDeletesTheConversationsAndTheirMessages() async throws {
    let (home, all) = try await Self.homeWithThree()
    let run = try await home.runWithPipes(["delete", "--yes", all[0], all[2]], input: "")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.contains("Deleted 2 conversations."))
    #expect(try await Self.ids(home) == [all[1]])
    let search = try await home.runWithPipes(["search", "--json", "charlie"], input: "")
    let hits = try JSONSerialization.jsonObject(with: Data(search.output.utf8)) as? [Any]
    #expect(hits?.isEmpty == true, "\(search.output)")
  }

  @Test(arguments: ["y\n", "yes\n", "Y\n"])
  func deleteAsksAndAYesDeletes(_ answer: String) async throws {
    let (home, all) = try await Self.homeWithThree()
    let run = try await home.runWithPipes(["delete", all[1]], input: answer)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.contains("[y/N]"))
    #expect(try await Self.ids(home) == [all[0], all[2]])
  }

  @Test(arguments: ["n\n", "\n", ""])
  func anythingButYesDeletesNothing(_ answer: String) async throws {
    let (home, all) = try await Self.homeWithThree()
    let run = try await home.runWithPipes(["delete", all[1]], input: answer)
    #expect(run.status == 1)
    #expect(run.error.contains("nothing deleted"), "\(run.error)")
    #expect(try await Self.ids(home) == all)
  }

  @Test func oneUnknownIdDeletesNothing() async throws {
    let (home, all) = try await Self.homeWithThree()
    let run = try await home.runWithPipes(["delete", "--yes", all[0], "ffffffff"], input: "")
    #expect(run.status == 1)
    #expect(run.error.contains("ffffffff"), "\(run.error)")
    #expect(try await Self.ids(home) == all)
  }
}
