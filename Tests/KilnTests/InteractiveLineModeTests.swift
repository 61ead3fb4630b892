import Foundation
import Networking
import TestSupport
import Testing

/// `kiln` with no command and pipes instead of a terminal: line mode.
@Suite struct InteractiveLineModeTests {
  @Test func eachLineIsAMessageOrACommandAndRepliesArePlainText() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(
      input: "hello **pipe**\n/rename Piped chat\n/chats\nsecond line\n")
    #expect(run.status == 0)
    #expect(!run.output.contains("\u{1B}"), "no escape codes in line mode")
    #expect(!run.error.contains("\u{1B}"))
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "hello **pipe**", "the exact reply text, not rendered")
    #expect(run.output.contains("Renamed to “Piped chat”."))
    #expect(lines.contains { $0.hasPrefix("  1  ") && $0.contains("Piped chat") })
    #expect(lines.last == "second line")
  }

  @Test func endOfInputEndsWithTheLastReplysStatus() async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.route(
        .post, "/v1/chat/completions",
        .json(#"{"error":{"message":"upstream broke","type":"server_error"}}"#, status: 500))
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        input: "this will fail\n",
        environment: ["OPENAI_BASE_URL": server.url("/v1").absoluteString])
      #expect(run.status == 1)
      #expect(!run.error.isEmpty)
      #expect(!run.error.contains("\u{1B}"))
    }
  }

  @Test func deleteAsksForConfirmationOnTheNextLine() async throws {
    let home = try ChatTestHome()
    let first = try await home.runWithPipes(input: "keep me\n/delete\nno\n")
    #expect(first.status == 0)
    #expect(first.error.contains("Delete “keep me”"))
    #expect(first.output.contains("Kept."))
    let second = try await home.runWithPipes(input: "/chats\n/delete 1\ny\n/chats\n")
    #expect(second.output.contains("keep me"))
    #expect(second.output.contains("Deleted “keep me”."))
    #expect(second.output.contains(L10nText.emptyHistory))
  }

  @Test func aBlankInputExitsCleanlyWithoutMakingAConversation() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(input: "")
    #expect(run.status == 0)
    #expect(run.output.isEmpty)
    let list = try await home.runWithPipes(["chats", "--json"], input: "")
    let conversations = try JSONSerialization.jsonObject(with: Data(list.output.utf8))
    #expect((conversations as? [Any])?.isEmpty == true)
  }
}

/// Localized sentences the tests expect (English).
enum L10nText {
  static let emptyHistory = "Start a new chat to talk with your AI assistant."
}
