import Foundation
import TestSupport
import Testing

/// With nothing configured, `kiln ask` says on stderr that the echo model answered, so a
/// script never takes its own question for an answer; stdout carries only the reply.
@Suite struct AskEchoHintTests {
  @Test func theEchoModelSaysSoOnceOnStandardError() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(["ask", "what is 2+2"], input: "")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output == "what is 2+2\n")
    let hints = run.error.components(separatedBy: "echo model repeats the message").count - 1
    #expect(hints == 1, "\(run.error)")
    #expect(run.error.contains("OPENAI_API_KEY or PROXY_BASE_URL"))
  }

  @Test func aConfiguredProviderGetsNoHint() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .eventStream([InteractiveProviderTests.content("4"), InteractiveProviderTests.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "what is 2+2"], input: "", environment: KilnOutput.provider(server))
      #expect(run.status == 0, "\(run.error)")
      #expect(!run.error.contains("echo model"), "\(run.error)")
    }
  }

  @Test func aUsageMistakeIsReportedWithoutTheEchoHint() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(
      ["ask", "-c", "--conversation", "abc", "hi"], input: "")
    #expect(run.status == 2, "\(run.error)")
    #expect(run.error.contains("--continue"), "\(run.error)")
    #expect(!run.error.contains("echo model"), "\(run.error)")
  }
}
