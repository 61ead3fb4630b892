import Foundation
import Networking
import TestSupport
import Testing

/// `kiln ask -o NAME VALUE`: the real binary against a loopback direct provider; mistakes
/// are refused before anything is sent or stored.
@Suite struct AskOptionTests {
  private typealias Events = InteractiveProviderTests

  @Test func temperatureTopPAndMaxTokensReachTheProvider() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .eventStream([Events.content("ok"), Events.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        [
          "ask", "-o", "temperature", "0.25", "--option", "top_p", "0.9", "-o", "max_tokens",
          "50", "hello",
        ], input: "", environment: KilnOutput.provider(server))
      #expect(run.status == 0, "\(run.error)")
      let body = try KilnOutput.body(try #require(server.requests.first))
      #expect(body["temperature"] as? Double == 0.25)
      #expect(body["top_p"] as? Double == 0.9)
      #expect(body["max_tokens"] as? Int == 50)
    }
  }

  struct Mistake: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var says: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let mistakes: [Mistake] = [
    Mistake(
      arguments: ["-o", "temperature", "3"], says: "temperature must be a number from 0 to 2"),
    Mistake(arguments: ["-o", "top_p", "nan"], says: "top_p must be a number from 0 to 1"),
    Mistake(arguments: ["-o", "max_tokens", "0"], says: "max_tokens must be a whole number"),
    Mistake(arguments: ["-o", "seed", "1"], says: "options: temperature, top_p, max_tokens"),
    Mistake(arguments: ["-o", "temperature"], says: "needs two values"),
  ]

  @Test(arguments: mistakes)
  func aBadOptionIsAUsageMistakeAndNothingIsSentOrStored(_ mistake: Mistake) async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask"] + mistake.arguments + (mistake.arguments.count == 3 ? ["hello"] : []),
        input: "", environment: KilnOutput.provider(server))
      #expect(run.status == 2)
      #expect(run.error.contains(mistake.says), "\(run.error)")
      #expect(server.requests.isEmpty)
      let list = try await home.runWithPipes(["chats", "--json"], input: "")
      let listed = try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [Any]
      #expect(listed?.isEmpty == true, "\(list.output)")
    }
  }

  @Test func throughTheProxyOnlyTemperatureCanBeChosen() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "-o", "max_tokens", "10", "hello"], input: "",
        environment: [
          "PROXY_BASE_URL": server.url("/functions/v1").absoluteString, "PROXY_PATH": "/ai",
        ])
      #expect(run.status == 2)
      #expect(run.error.contains("-o max_tokens works with a direct provider only"), "\(run.error)")
      #expect(server.requests.isEmpty)
    }
  }
}
