import Foundation
import Testing

/// `/chats` on a real pseudo-terminal eight rows high: one screen of five conversations,
/// the question, then the rest after Enter.
@Suite(.serialized) struct ChatsPagingTerminalTests {
  @Test func aShortTerminalShowsOneScreenAndEnterShowsTheRest() async throws {
    let home = try ChatTestHome()
    for number in 1...7 {
      let asked = try await home.runWithPipes(["ask", "question \(number)"], input: "")
      #expect(asked.status == 0)
    }
    let kiln = try home.startOnTerminal(rows: 8)
    var mark = try await kiln.waitFor("› ")
    kiln.type("/chats\r")
    // Newest first: questions 7 to 3 fill the screen, 2 and 1 wait for Enter.
    mark = try await kiln.waitFor("5 shown: Enter for more, q to stop", after: mark)
    #expect(kiln.plainOutput.contains("question 3"))
    #expect(!kiln.plainOutput.contains("question 2"))
    kiln.type("\r")
    mark = try await kiln.waitFor("question 1", after: mark)
    mark = try await kiln.waitFor("/open N switches to one.", after: mark)
    kiln.type("/quit\r")
    #expect(try await kiln.waitForExit() == 0)
  }

  @Test func qStopsAfterTheFirstScreen() async throws {
    let home = try ChatTestHome()
    for number in 1...7 {
      _ = try await home.runWithPipes(["ask", "question \(number)"], input: "")
    }
    let kiln = try home.startOnTerminal(rows: 8)
    var mark = try await kiln.waitFor("› ")
    kiln.type("/chats\r")
    mark = try await kiln.waitFor("Enter for more, q to stop", after: mark)
    kiln.type("q\r")
    mark = try await kiln.waitFor("/open N switches to one.", after: mark)
    #expect(!kiln.plainOutput.contains("question 2"))
    kiln.type("/quit\r")
    #expect(try await kiln.waitForExit() == 0)
  }
}
