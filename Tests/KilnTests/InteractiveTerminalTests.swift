import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real `kiln` binary in a pseudo-terminal, driven the way a person types.
@Suite(.serialized) struct InteractiveTerminalTests {
  @Test func typingAMessageStreamsTheEchoReplyAndAStatusLine() async throws {
    let home = try ChatTestHome()
    let kiln = try home.startOnTerminal()
    try await kiln.waitFor("10 messages remaining")
    var mark = try await kiln.waitFor("› ")
    kiln.type("hello from the test\r")
    mark = try await kiln.waitFor("hello from the test", after: mark)
    // The echo's reply, then the status line with the derived title, model and persona.
    mark = try await kiln.waitFor("hello from the test", after: mark)
    try await kiln.waitFor(
      "hello from the test · echo · General Assistant · 9 messages remaining", after: mark)
    kiln.control("d")
    #expect(try await kiln.waitForExit() == 0)
  }

  @Test func dataWrittenInOneRunIsThereInTheNext() async throws {
    let home = try ChatTestHome()
    let first = try home.startOnTerminal()
    try await first.waitFor("› ")
    first.type("remember the lighthouse\r")
    try await first.waitFor("· echo ·")
    first.type("/quit\r")
    #expect(try await first.waitForExit() == 0)

    let second = try home.startOnTerminal()
    let mark = try await second.waitFor("› ")
    second.type("/chats\r")
    try await second.waitFor("remember the lighthouse", after: mark)
    second.type("/quit\r")
    #expect(try await second.waitForExit() == 0)
  }

  @Test func secondCtrlCOnAnEmptyLineQuitsAndRestoresTheTerminal() async throws {
    let home = try ChatTestHome()
    let before = try home.startOnTerminal()
    let original = before.modes()
    var mark = try await before.waitFor("› ")
    #expect(before.modes().c_lflag & tcflag_t(ICANON) == 0, "raw mode while the chat runs")
    before.control("c")
    mark = try await before.waitFor("Press Ctrl-C again to quit", after: mark)
    before.control("c")
    #expect(try await before.waitForExit() == 0)
    let restored = before.modes()
    #expect(restored.c_lflag == original.c_lflag)
    #expect(restored.c_iflag == original.c_iflag)
  }

  @Test func unknownAndMalformedSlashCommandsExplainWhatToDo() async throws {
    let home = try ChatTestHome()
    let kiln = try home.startOnTerminal()
    var mark = try await kiln.waitFor("› ")
    kiln.type("/chast\r")
    mark = try await kiln.waitFor("Unknown command /chast. Did you mean /chats?", after: mark)
    kiln.type("/rename\r")
    mark = try await kiln.waitFor("/rename needs the new title. Usage: /rename TITLE", after: mark)
    kiln.type("/open 3\r")
    mark = try await kiln.waitFor("type /chats first", after: mark)
    kiln.type("/edit x\r")
    try await kiln.waitFor("/edit takes a number from 1 up, not 'x'", after: mark)
    kiln.control("d")
    #expect(try await kiln.waitForExit() == 0)
  }

  @Test func slashCommandsRenameStartAndListConversations() async throws {
    let home = try ChatTestHome()
    let kiln = try home.startOnTerminal()
    var mark = try await kiln.waitFor("› ")
    kiln.type("first conversation\r")
    mark = try await kiln.waitFor("· echo ·", after: mark)
    kiln.type("/rename Renamed by the test\r")
    mark = try await kiln.waitFor("Renamed to “Renamed by the test”.", after: mark)
    kiln.type("/new\r")
    mark = try await kiln.waitFor("New conversation with General Assistant", after: mark)
    kiln.type("second conversation\r")
    mark = try await kiln.waitFor("· echo ·", after: mark)
    kiln.type("/chats\r")
    mark = try await kiln.waitFor("1  ", after: mark)
    mark = try await kiln.waitFor("second conversation", after: mark)
    mark = try await kiln.waitFor("2  ", after: mark)
    try await kiln.waitFor("Renamed by the test", after: mark)
    kiln.type("/quit\r")
    #expect(try await kiln.waitForExit() == 0)
  }

  @Test func sigtermRestoresTheTerminalAndEnds() async throws {
    let home = try ChatTestHome()
    let kiln = try home.startOnTerminal()
    let original = kiln.modes()
    try await kiln.waitFor("› ")
    kiln.signal(SIGTERM)
    #expect(try await kiln.waitForExit() == 128 + SIGTERM)
    #expect(kiln.modes().c_lflag == original.c_lflag)
    #expect(kiln.rawOutput.contains("\u{1B}[?2004l"), "bracketed paste turned off")
    #expect(kiln.rawOutput.contains("\u{1B}[?25h"), "cursor shown")
  }

  @Test func historyFromAnEarlierRunComesBackWithUp() async throws {
    let home = try ChatTestHome()
    let first = try home.startOnTerminal()
    try await first.waitFor("› ")
    first.type("/usage\r")
    try await first.waitFor("No replies in this conversation yet.")
    first.control("d")
    #expect(try await first.waitForExit() == 0)

    let second = try home.startOnTerminal()
    let mark = try await second.waitFor("› ")
    second.type("\u{1B}[A")
    try await second.waitFor("/usage", after: mark)
    // Ctrl-D ends the chat only on an empty line: clear the recalled text first.
    second.control("u")
    second.control("d")
    #expect(try await second.waitForExit() == 0)
  }

  @Test func resizingChangesTheWidthOfTheStatusLine() async throws {
    let home = try ChatTestHome()
    let kiln = try home.startOnTerminal(columns: 40)
    var mark = try await kiln.waitFor("› ")
    kiln.type("one two three\r")
    mark = try await kiln.waitFor("· echo ·", after: mark)
    mark = try await kiln.waitFor("\n", after: mark)
    let narrow = statusLines(in: kiln.plainOutput)
    #expect(narrow.count == 1)
    #expect(narrow.allSatisfy { $0.count <= 39 })
    #expect(!(narrow.first ?? "").contains("tokens"))

    kiln.resize(columns: 120, rows: 30)
    kiln.type("four\r")
    mark = try await kiln.waitFor("tokens", after: mark)
    let wide = statusLines(in: kiln.plainOutput)
    #expect(wide.count == 2)
    #expect((wide.last ?? "").contains("General Assistant · 8 messages remaining · "))
    kiln.control("d")
    #expect(try await kiln.waitForExit() == 0)
  }

  private func statusLines(in output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { $0.contains(" · echo ·") }
  }
}
