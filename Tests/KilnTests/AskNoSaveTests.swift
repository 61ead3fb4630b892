import Foundation
import TestSupport
import Testing

/// `kiln ask --no-save` through the real binary (the echo model answers with the message):
/// the reply is printed and nothing new is kept.
@Suite struct AskNoSaveTests {
  private static func conversations(_ home: ChatTestHome) async throws -> [[String: Any]] {
    let list = try await home.runWithPipes(["chats", "--json"], input: "")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
  }

  private static func texts(_ home: ChatTestHome, _ id: String) async throws -> [String] {
    let shown = try await home.runWithPipes(["show", "--json", id], input: "")
    let conversation = try KilnOutput.object(shown.output)
    return try #require(conversation["messages"] as? [[String: Any]]).compactMap {
      $0["text"] as? String
    }
  }

  @Test func aNewConversationIsNotKept() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(["ask", "--no-save", "just passing"], input: "")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output == "just passing\n")
    #expect(try await Self.conversations(home).isEmpty)
  }

  @Test func inAContinuedConversationOnlyTheNewMessageAndReplyGo() async throws {
    let home = try ChatTestHome()
    let first = try await home.runWithPipes(["ask", "kept"], input: "")
    #expect(first.status == 0, "\(first.error)")
    let id = try #require(try await Self.conversations(home).first?["id"] as? String)

    let json = try await home.runWithPipes(["ask", "-c", "--no-save", "--json", "gone"], input: "")
    #expect(json.status == 0, "\(json.error)")
    let answer = try KilnOutput.object(json.output)
    #expect(answer["content"] as? String == "gone")
    #expect(answer["conversation_id"] as? String == id)

    #expect(try await Self.texts(home, id) == ["kept", "kept"])
    #expect(try await Self.conversations(home).count == 1)
  }
}
