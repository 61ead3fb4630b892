import Foundation
import Networking
import TestSupport
import Testing

/// Naming the conversation a `kiln ask` adds to, through the real binary: `-c/--continue`,
/// `--cid` beside `--conversation`, prefixes of the full and the short id, and the short
/// options `kiln --help` lists.
@Suite struct ConversationChoiceTests {
  private typealias Events = InteractiveProviderTests

  /// Three conversations whose ids share their first 8 digits (as ids made in the same
  /// minute do); "newest" was updated last although it is not first in the file.
  private static let conversations: [(id: String, title: String, updated: String)] = [
    ("01A233C8-0000-7000-8000-00000000AAAA", "older", "2026-06-01T12:00:00.000Z"),
    ("01A233C8-0000-7000-8000-0000DEADBEEF", "newest", "2026-06-03T12:00:00.000Z"),
    ("01A233C8-0000-7000-8000-00000000BBBB", "middle", "2026-06-02T12:00:00.000Z"),
  ]

  private static func importedHome() async throws -> ChatTestHome {
    let home = try ChatTestHome()
    let entries: [[String: Any]] = conversations.enumerated().map { index, conversation in
      [
        "id": conversation.id, "title": conversation.title,
        "createdAt": "2026-06-01T12:00:00.000Z", "updatedAt": conversation.updated,
        "isPinned": false, "isArchived": false,
        "messages": [
          [
            "id": "01A233C8-0000-7000-8000-00000000010\(index)", "role": "user",
            "text": "first in \(conversation.title)", "createdAt": "2026-06-01T12:00:00.000Z",
            "status": "complete", "isOnActivePath": true,
          ]
        ],
      ]
    }
    let archive: [String: Any] = [
      "format": "kiln.chat-archive", "version": 1, "exportedAt": "2026-06-01T12:00:00.000Z",
      "conversations": entries,
    ]
    let file = home.root.appendingPathComponent("three.json")
    try JSONSerialization.data(withJSONObject: archive).write(to: file)
    let run = try await home.runWithPipes(["import", file.path], input: "")
    #expect(run.status == 0, "\(run.error)")
    return home
  }

  /// The texts of the conversation `id` (full, lower-case), oldest first.
  private static func texts(_ home: ChatTestHome, _ id: String) async throws -> [String] {
    let shown = try await home.runWithPipes(["show", "--json", id.lowercased()], input: "")
    let conversation = try KilnOutput.object(shown.output)
    return try #require(conversation["messages"] as? [[String: Any]]).compactMap {
      $0["text"] as? String
    }
  }

  private static func conversationCount(_ home: ChatTestHome) async throws -> Int {
    let list = try await home.runWithPipes(["chats", "--json"], input: "")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [Any]
    ).count
  }

  @Test(arguments: ["-c", "--continue"])
  func continueAddsToTheMostRecentlyUpdatedConversation(_ option: String) async throws {
    let home = try await Self.importedHome()
    // No provider: the echo model answers with the message.
    let run = try await home.runWithPipes(["ask", option, "one more"], input: "")
    #expect(run.status == 0, "\(run.error)")
    #expect(
      try await Self.texts(home, Self.conversations[1].id).suffix(2) == [
        "one more", "one more",
      ])
    #expect(try await Self.conversationCount(home) == 3, "no new conversation")
  }

  @Test func continueWithNoConversationYetFailsAndStoresNothing() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(["ask", "-c", "hello"], input: "")
    #expect(run.status == 1)
    #expect(run.error.contains("no conversation to continue"), "\(run.error)")
    #expect(try await Self.conversationCount(home) == 0)
  }

  @Test func continueAndAConversationIdTogetherAreAUsageError() async throws {
    let home = try await Self.importedHome()
    let run = try await home.runWithPipes(
      ["ask", "-c", "--cid", "deadbeef", "hello"], input: "")
    #expect(run.status == 2)
    #expect(run.error.contains("--continue or --conversation"), "\(run.error)")
  }

  @Test(arguments: [
    ["--cid", "dead"], ["--cid", "0000deadbeef"], ["--conversation", "dead"],
    ["--cid=01a233c8-0000-7000-8000-0000dead"],
  ])
  func cidAndConversationTakeAPrefixOfTheFullOrTheShortID(_ options: [String]) async throws {
    let home = try await Self.importedHome()
    let run = try await home.runWithPipes(["ask"] + options + ["to the newest"], input: "")
    #expect(run.status == 0, "\(run.error)")
    #expect(try await Self.texts(home, Self.conversations[1].id).last == "to the newest")
    #expect(try await Self.conversationCount(home) == 3)
  }

  @Test func anAmbiguousPrefixIsAUsageErrorListingTheCandidates() async throws {
    let home = try await Self.importedHome()
    let run = try await home.runWithPipes(
      ["ask", "--conversation", "01a233c8", "which one?"], input: "")
    #expect(run.status == 2)
    #expect(run.error.contains("'01a233c8' matches 3 conversations"), "\(run.error)")
    for conversation in Self.conversations {
      let short = String(conversation.id.lowercased().suffix(8))
      #expect(run.error.contains("  \(short)  \(conversation.title)"), "\(run.error)")
    }
    #expect(try await Self.conversationCount(home) == 3)
    #expect(try await Self.texts(home, Self.conversations[1].id) == ["first in newest"])
  }

  @Test func shortModelOptionChoosesTheModelSent() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .eventStream([Events.content("ok"), Events.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "-m", "other-model", "hi"], input: "", environment: KilnOutput.provider(server))
      #expect(run.status == 0, "\(run.error)")
      let request = try #require(server.requests.first)
      let body = try #require(
        try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
      #expect(body["model"] as? String == "other-model")
    }
  }

  @Test(arguments: ["ask", "chat"])
  func helpListsTheShortOptionsAndCid(_ command: String) async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes([command, "--help"], input: "")
    #expect(run.status == 0)
    #expect(run.output.contains("-m, --model MODEL"), "\(run.output)")
    #expect(run.output.contains("-c, --continue"), "\(run.output)")
    #expect(run.output.contains("(also --cid)"), "\(run.output)")
  }
}
