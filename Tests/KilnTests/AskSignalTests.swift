import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP during `kiln ask` stop the reply as Ctrl-C does in the chat:
/// a short message, the signal's exit status, and the stored reply is exactly what was
/// printed, marked as stopped.
@Suite struct AskSignalTests {
  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func aSignalStopsTheReplyAndKeepsWhatWasPrinted(signal: Int32) async throws {
    try await LoopbackHTTPServer.withServer { server in
      let chunk = #"data: {"choices":[{"index":0,"delta":{"content":"first part, "}}]}"#
      server.route(
        .post, "/v1/chat/completions",
        .eventStream([.text(chunk + "\n\n"), .text(chunk + "\n\n"), .stall]))
      let home = try ChatTestHome()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: ChatTestHome.kilnPath)
      process.arguments = ["ask", "tell me"]
      process.environment = home.environment(KilnOutput.provider(server))
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = stdout
      process.standardError = stderr
      try ChildProcess.start(process)
      var printed = Data()
      while !String(decoding: printed, as: UTF8.self).contains("first part, first part, ") {
        let piece = await ChildProcess.readAvailable(stdout.fileHandleForReading)
        guard !piece.isEmpty else { break }
        printed.append(piece)
      }
      kill(process.processIdentifier, signal)
      printed.append(await ChildProcess.readToEnd(stdout.fileHandleForReading))
      let error = String(
        decoding: await ChildProcess.readToEnd(stderr.fileHandleForReading), as: UTF8.self)
      process.waitUntilExit()

      #expect(process.terminationReason == .exit)
      #expect(process.terminationStatus == 128 + signal)
      let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal] ?? ""
      #expect(error.contains("kiln: stopped by \(name)"), "\(error)")
      let chats = try await home.runWithPipes(["chats", "--json"], input: "")
      let list = try JSONSerialization.jsonObject(with: Data(chats.output.utf8)) as? [[String: Any]]
      let id = try #require(list?.first?["id"] as? String)
      let show = try await home.runWithPipes(["show", "--json", id], input: "")
      let messages = try #require(
        try KilnOutput.object(show.output)["messages"] as? [[String: Any]])
      let reply = try #require(messages.last)
      #expect(reply["status"] as? String == "cancelled")
      let text = try #require(reply["text"] as? String)
      #expect(text == "first part, first part, ")
      #expect(String(decoding: printed, as: UTF8.self) == text + "\n")
    }
  }
}
