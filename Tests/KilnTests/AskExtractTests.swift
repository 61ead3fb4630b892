import Foundation
import TestSupport
import Testing

/// `kiln ask -x/--extract` through the real binary. With no provider configured the echo
/// model answers with the message, so the message is the reply whose code is extracted.
@Suite struct AskExtractTests {
  @Test(arguments: ["-x", "--extract"])
  func printsOnlyTheFirstFencedCodeBlock(_ option: String) async throws {
    let home = try ChatTestHome()
    let message =
      "Here is code:\n```swift\nlet answer = 42\nprint(answer)\n```\nand more:\n```\nsecond\n```"
    let run = try await home.runWithPipes(["ask", option, message], input: "")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output == "let answer = 42\nprint(answer)\n")
  }

  @Test func aTildeFenceAndALongerBacktickFenceCloseOnlyOnTheirOwnKind() async throws {
    let home = try ChatTestHome()
    let message = "~~~\n````\ninner\n~~~\nafter"
    let run = try await home.runWithPipes(["ask", "-x", message], input: "")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output == "````\ninner\n")
  }

  @Test func withoutAClosedBlockTheWholeReplyIsPrinted() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(["ask", "-x", "no code\n```\nnever closed"], input: "")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output == "no code\n```\nnever closed\n")
  }

  @Test func extractWithJSONIsAUsageMistakeThatStoresNothing() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(["ask", "-x", "--json", "hi"], input: "")
    #expect(run.status == 2)
    #expect(run.error.contains("--extract"), "\(run.error)")
    let list = try await home.runWithPipes(["chats", "--json"], input: "")
    let listed = try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [Any]
    #expect(listed?.isEmpty == true, "\(list.output)")
  }
}
