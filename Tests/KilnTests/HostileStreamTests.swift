import Foundation
import Networking
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `kiln ask` against providers that send what no provider should: an endless line, a reply
/// that never ends, a web page, one byte at a time. Each ends with an error
/// that names the cause, and what arrived within the limits is kept.
@Suite struct HostileStreamTests {
  private static let path = "/v1/chat/completions"

  private static func chunk(_ text: String) -> String {
    #"data: {"choices":[{"index":0,"delta":{"content":"\#(text)"}}]}"# + "\n\n"
  }

  private static func storedReply(
    _ home: ChatTestHome, _ id: String
  ) async throws
    -> [String: Any]
  {
    let show = try await home.runWithPipes(["show", "--json", id], input: "")
    let messages = try #require(try KilnOutput.object(show.output)["messages"] as? [[String: Any]])
    return try #require(messages.last { $0["role"] as? String == "assistant" })
  }

  @Test func anEndlessLineStopsAtTheLineLimitWithAClearError() async throws {
    try await LoopbackHTTPServer.withServer { server in
      // 128 MiB without a line end: before the limit, all of it was held in memory and the
      // reply was reported as cut off.
      server.route(
        .post, Self.path,
        .generated(
          byteCount: 1 << 27, pattern: Data("data: AAAAAAAAAAAAAAAAAAAAAAAAAA".utf8),
          chunked: true, contentType: "text/event-stream"))
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "--json", "hi"], input: "", environment: KilnOutput.provider(server))
      #expect(run.status == 1)
      let object = try KilnOutput.object(run.output)
      let error = try #require(object["error"] as? [String: Any])
      #expect(error["code"] as? String == "line_too_long")
      #expect((error["message"] as? String)?.contains("longer than 1 MiB") == true, "\(error)")
      let id = try #require(object["conversation_id"] as? String)
      let reply = try await Self.storedReply(home, id)
      #expect(reply["status"] as? String == "failed")
    }
  }

  @Test func aReplyPastItsLimitIsCutThereAndWhatArrivedIsKept() async throws {
    try await LoopbackHTTPServer.withServer { server in
      let pieces = (0..<50).map { _ in Self.chunk(String(repeating: "B", count: 100)) }
      server.route(
        .post, Self.path,
        .eventStream(pieces.map { .text($0) } + [.text("data: [DONE]\n\n")]))
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "hi"], input: "",
        environment: KilnOutput.provider(server, ["KILN_MAX_REPLY_BYTES": "1000"]))
      #expect(run.status == 1)
      #expect(run.output == String(repeating: "B", count: 1000) + "\n")
      #expect(run.error.contains("[reply_too_large]"), "\(run.error)")
      #expect(run.error.contains("1000 bytes"), "\(run.error)")
      let chats = try await home.runWithPipes(["chats", "--json"], input: "")
      let list = try JSONSerialization.jsonObject(with: Data(chats.output.utf8)) as? [[String: Any]]
      let id = try #require(list?.first?["id"] as? String)
      let reply = try await Self.storedReply(home, id)
      #expect(reply["text"] as? String == String(repeating: "B", count: 1000))
    }
  }

  @Test func anHTMLPageIsReportedAsAWebPageNotACutOffReply() async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.route(
        .post, Self.path,
        LoopbackResponse.text("<!doctype html><html><body><h1>Welcome</h1></body></html>")
          .header("Content-Type", "text/html; charset=utf-8"))
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "hi"], input: "", environment: KilnOutput.provider(server))
      #expect(run.status == 1)
      #expect(run.error.contains("web page (text/html)"), "\(run.error)")
      #expect(!run.error.lowercased().contains("cut off"), "\(run.error)")
    }
  }

  @Test func aServerThatTricklesBytesIsStoppedAtTheReplyDeadline() async throws {
    try await LoopbackHTTPServer.withServer { server in
      // A keep-alive comment every 200 ms for a minute: never silent long enough for the
      // stall limit, so only the overall deadline (1 s here) ends it.
      let trickle: [LoopbackResponse.Step] =
        [.text(Self.chunk("slow"))]
        + Array(repeating: [.delay(.milliseconds(200)), .text(": still here\n")], count: 300)
        .flatMap { $0 }
      server.route(.post, Self.path, .eventStream(trickle))
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "hi"], input: "",
        environment: KilnOutput.provider(server, ["KILN_REPLY_TIMEOUT": "1"]))
      #expect(run.status == 1)
      #expect(run.output.hasPrefix("slow"))
      #expect(run.error.contains("timed out"), "\(run.error)")
    }
  }

  @Test func aMessageOverThePromptLimitIsRefusedAndNothingIsStored() async throws {
    try await LoopbackHTTPServer.withServer { server in
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask"], input: String(repeating: "x", count: 2000),
        environment: KilnOutput.provider(server, ["KILN_MAX_PROMPT_BYTES": "1024"]))
      #expect(run.status == 1)
      #expect(run.error.contains("most that can be sent is 1 KiB"), "\(run.error)")
      #expect(server.requests.isEmpty)
      let chats = try await home.runWithPipes(["chats", "--json"], input: "")
      let list = try JSONSerialization.jsonObject(with: Data(chats.output.utf8)) as? [Any]
      #expect(list?.isEmpty == true, "\(chats.output)")
    }
  }

  @Test func anEndlessPipeIsReadOnlyUpToThePromptLimit() async throws {
    let home = try ChatTestHome()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ChatTestHome.kilnPath)
    process.arguments = ["ask"]
    process.environment = home.environment(["KILN_MAX_PROMPT_BYTES": "4096"])
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try ChildProcess.start(process)
    // Writes twice the limit and keeps the pipe open: kiln must answer without waiting for
    // the end of its input, having read no more than one byte past the limit. (Writes after
    // kiln has gone fail with EPIPE; the test process ignores SIGPIPE.)
    signal(SIGPIPE, SIG_IGN)
    let chunk = Data(repeating: UInt8(ascii: "x"), count: 1024)
    for _ in 0..<8 {
      guard (try? input.fileHandleForWriting.write(contentsOf: chunk)) != nil else { break }
    }
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning, Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    let stillWaiting = process.isRunning
    if stillWaiting { process.terminate() }
    try? input.fileHandleForWriting.close()
    let stderr = String(
      decoding: await ChildProcess.readToEnd(error.fileHandleForReading), as: UTF8.self)
    #expect(!stillWaiting, "kiln waited for the end of an input already over the limit")
    #expect(process.terminationStatus == 1)
    #expect(stderr.contains("over 4 KiB; the most that can be sent is 4 KiB"), "\(stderr)")
    #expect(stderr.contains("KILN_MAX_PROMPT_BYTES"), "\(stderr)")
  }

  @Test func theLimitsAreValidatedLikeOtherNumbers() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(
      ["ask", "hi"], input: "", environment: ["KILN_REPLY_TIMEOUT": "soon"])
    #expect(run.status == 2)
    #expect(run.error.contains("KILN_REPLY_TIMEOUT"), "\(run.error)")
  }
}
