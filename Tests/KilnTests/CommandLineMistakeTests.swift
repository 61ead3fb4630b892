import Foundation
import Testing

/// The real `kiln` binary given the command lines people mistype: each gets the answer it
/// asked for or a usage error, and none of them leaves data behind.
@Suite struct CommandLineMistakeTests {
  @Test func versionWithOptionsPrintsTheVersionInsteadOfOpeningTheChat() async throws {
    let home = try ChatTestHome()
    for arguments in [["version", "--no-color"], ["--data-dir", "/tmp/x", "version"], ["-v"]] {
      let run = try await home.runWithPipes(arguments, input: "hello\n")
      #expect(run.status == 0, "\(arguments)")
      #expect(run.output.hasPrefix("kiln ") && !run.output.contains("hello"), "\(arguments)")
    }
    #expect(!FileManager.default.fileExists(atPath: home.dataDirectory.path))
  }

  @Test func anAskOverTheFreeAllowanceSaysWhereToUpgrade() async throws {
    let home = try ChatTestHome()
    let limit = ["KILN_FREE_MESSAGE_LIMIT": "1"]
    #expect(try await home.runWithPipes(["ask", "one"], input: "", environment: limit).status == 0)
    let second = try await home.runWithPipes(["ask", "two"], input: "", environment: limit)
    #expect(second.status == 1)
    #expect(second.output.isEmpty)
    #expect(second.error.contains("[free_quota_exhausted]\n"))
    #expect(
      second.error.hasSuffix(
        "kiln: type /upgrade in the chat ('kiln') to see the plans, "
          + "or set OPENAI_API_KEY to use your own provider.\n"))
  }

  @Test func aSearchWithNoWordIsAUsageError() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(["search", "--", "*", "\""], input: "")
    #expect(run.status == 2)
    #expect(
      run.error
        == "kiln: '* \"' has no word to search for (search ignores punctuation).\n")

    // An empty query, or one of quotes only, is the same mistake: it never lists everything.
    #expect(try await home.runWithPipes(["ask", "a title"], input: "").status == 0)
    for query in ["", "\"\"", "-", "*"] {
      let empty = try await home.runWithPipes(["search", "--", query], input: "")
      #expect(empty.status == 2, "search '\(query)': \(empty.output)")
      #expect(empty.output.isEmpty)
      #expect(empty.error.contains("has no word to search for"), "\(empty.error)")
    }

    // Titles are matched as written: a symbol in a title is found, as /search finds it.
    #expect(try await home.runWithPipes(["ask", "sunny ☀ day"], input: "").status == 0)
    let sun = try await home.runWithPipes(["search", "☀"], input: "")
    #expect(sun.status == 0)
    #expect(sun.output.contains("sunny ☀ day"), "\(sun.error)")

    // An emoji inside a message is found in the message itself, not only in a title.
    let party = try await home.runWithPipes(["search", "--json", "☀"], input: "")
    let hits = try #require(
      try JSONSerialization.jsonObject(with: Data(party.output.utf8)) as? [[String: Any]])
    #expect(hits.contains { $0["message_id"] is String }, "\(party.output)")
  }

  @Test func loginWithABadAddressSaysSoBeforeTakingAPassword() async throws {
    let home = try ChatTestHome()
    // Piped, the line after /login would be read as the password; it must stay a message.
    let run = try await home.runWithPipes([], input: "/login not-an-address\nstill here\n")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.contains("Enter a valid email address."))
    #expect(!run.error.contains("Password:"))
    #expect(run.output.contains("still here"), "the next line is a message: \(run.output)")
  }

  @Test func anEmptyAskIsAUsageErrorThatMakesNoConversation() async throws {
    let home = try ChatTestHome()
    for text in ["", "   "] {
      let run = try await home.runWithPipes(["ask", text], input: "")
      #expect(run.status == 2)
      #expect(run.error == "kiln: kiln ask needs a non-empty message.\n")
    }
    let chats = try await home.runWithPipes(["chats", "--json"], input: "")
    #expect(chats.status == 0)
    let list = try JSONSerialization.jsonObject(with: Data(chats.output.utf8)) as? [Any]
    #expect(list?.isEmpty == true, "no conversation: \(chats.output)")
  }
}
