import Foundation
import TestSupport
import Testing

/// Many `kiln ask` processes sharing one data folder: the free allowance and a
/// conversation's order hold as they do for runs one after another.
@Suite struct ParallelRunTests {
  @Test func thirtyTwoParallelAsksSendExactlyTheTenFreeMessages() async throws {
    try await LoopbackHTTPServer.withServer { server in
      // Kiln's proxy is metered; it answers after 300 ms, so every run has read the count
      // before any has been answered, as with a real provider.
      let chunk = #"data: {"choices":[{"index":0,"delta":{"content":"ok"}}]}"#
      server.route(
        .post, "/functions/v1/ai",
        LoopbackResponse(
          status: 200, headers: ["Content-Type": "text/event-stream"],
          body: .chunked([.text(chunk + "\n\ndata: [DONE]\n\n")]),
          beforeHead: [.delay(.milliseconds(300))]))
      let environment = [
        "PROXY_BASE_URL": server.url("/functions/v1").absoluteString, "PROXY_PATH": "/ai",
      ]
      let home = try ChatTestHome()
      // The first run makes the database, so the others do not race to create it.
      let first = try await home.runWithPipes(
        ["ask", "warm up"], input: "", environment: environment)
      #expect(first.status == 0, "\(first.error)")
      let runs = try await home.runInParallel(
        32, { ["ask", "message \($0)"] }, environment: environment)
      let sent = runs.filter { $0.status == 0 }
      let refused = runs.filter { $0.error.contains("free_quota_exhausted") }
      #expect(sent.count == 9, "\(runs.map(\.status))")
      #expect(refused.count == 23, "\(runs.filter { $0.status != 0 }.map(\.error).prefix(3))")
      #expect(server.requests.count == 10, "the proxy saw more than the free messages")
      let eleventh = try await home.runWithPipes(
        ["ask", "one more"], input: "", environment: environment)
      #expect(eleventh.status == 1)
      #expect(eleventh.error.contains("free_quota_exhausted"))
    }
  }

  @Test func parallelAsksIntoOneConversationNeverForkIt() async throws {
    let home = try ChatTestHome()
    let environment = ["KILN_FREE_MESSAGE_LIMIT": "100"]
    let first = try await home.runWithPipes(
      ["ask", "--json", "start"], input: "", environment: environment)
    let id = try #require(try KilnOutput.object(first.output)["conversation_id"] as? String)
    let runs = try await home.runInParallel(
      8, { ["ask", "--conversation", id, "turn \($0)"] },
      environment: environment)
    let sent = runs.filter { $0.status == 0 }.count
    for run in runs where run.status != 0 {
      // A refused run says why, and the message is not lost from view: nothing half-added.
      #expect(run.error.contains("conversation"), "\(run.error)")
    }
    #expect(sent >= 1)

    let show = try await home.runWithPipes(["show", "--json", id], input: "")
    let messages = try #require(try KilnOutput.object(show.output)["messages"] as? [[String: Any]])
    let roles = messages.compactMap { $0["role"] as? String }
    // A fork shows as two replies in a row (user, user, assistant, assistant); one reply per
    // successful run, each right after a user message.
    #expect(roles.filter { $0 == "assistant" }.count == sent + 1, "\(roles)")
    for (index, role) in roles.enumerated() where role == "assistant" {
      #expect(index > 0 && roles[index - 1] == "user", "\(roles)")
    }
  }
}
