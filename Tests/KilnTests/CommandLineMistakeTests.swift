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
