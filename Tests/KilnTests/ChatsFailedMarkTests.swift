import Foundation
import TestSupport
import Testing

/// `kiln chats` marks a conversation whose last reply did not finish, so a row of retried
/// questions shows which ones got no answer.
@Suite struct ChatsFailedMarkTests {
  @Test func aFailedAskIsMarkedAndAnAnsweredOneIsNot() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .json(#"{"error":{"message":"bad request"}}"#, status: 400),
        method: .post, path: "/v1/chat/completions")
      server.enqueue(
        .eventStream([InteractiveProviderTests.content("fine"), InteractiveProviderTests.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let environment = KilnOutput.provider(server)
      let failed = try await home.runWithPipes(
        ["ask", "first try"], input: "", environment: environment)
      #expect(failed.status == 1, "\(failed.error)")
      let answered = try await home.runWithPipes(
        ["ask", "second try"], input: "", environment: environment)
      #expect(answered.status == 0, "\(answered.error)")

      let list = try await home.runWithPipes(["chats"], input: "")
      let lines = list.output.split(separator: "\n").map(String.init)
      #expect(lines.count == 2, "\(list.output)")
      let first = try #require(lines.first { $0.contains("first try") })
      let second = try #require(lines.first { $0.contains("second try") })
      #expect(first.hasSuffix("[The response could not be completed.]"), "\(first)")
      #expect(!second.contains("["), "\(second)")
    }
  }
}
