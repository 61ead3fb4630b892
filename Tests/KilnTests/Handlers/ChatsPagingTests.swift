import AppComposition
import FeatureChat
import Localization
import Storage
import Testing

@testable import kiln

/// `/chats` one screen at a time: a terminal `rows` high shows `rows - 3` conversations,
/// then asks; Enter shows the next screen, `q` stops. Without a height (a pipe) it lists
/// every loaded conversation at once.
@MainActor
@Suite struct ChatsPagingTests {
  /// A handler whose history reads `pageSize` conversations at a time, so paging must
  /// also load the next pages.
  private func makeHandler(
    _ harness: HandlerHarness, _ dependencies: AppDependencies, pageSize: Int = 4
  ) -> ConversationsHandler {
    ConversationsHandler(
      console: harness.console, focus: harness.focus,
      history: ChatHistoryViewModel(
        conversations: dependencies.conversations, messages: dependencies.messages,
        sessions: dependencies.sessions, clock: dependencies.clock, pageSize: pageSize),
      conversations: dependencies.conversations, sessions: dependencies.sessions)
  }

  /// `count` stored conversations titled "chat 1" … "chat N".
  private func conversations(
    _ count: Int, _ handler: ConversationsHandler, _ dependencies: AppDependencies
  ) async throws {
    for number in 1...count {
      let made = try #require(await handler.startConversation())
      try await dependencies.conversations.rename(id: made.id, title: "chat \(number)")
    }
  }

  /// The numbers of the rows written, in order.
  private func rowNumbers(_ output: String) -> [Int] {
    output.split(separator: "\n").compactMap { line in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.contains("  chat ") else { return nil }
      return Int(trimmed.prefix { $0.isNumber })
    }
  }

  @Test func aListTallerThanTheTerminalShowsOneScreenAndAsksForTheNext() async throws {
    let home = try ChatTestHome()
    let dependencies = try await makeLiveDependencies(home)
    let harness = HandlerHarness(answers: ["", "q"], rows: 8)
    let handler = makeHandler(harness, dependencies)
    try await conversations(12, handler, dependencies)

    #expect(await handler.run(.chats(includeArchived: false)))

    // 8 rows less 3 kept: 5 a screen; Enter shows 6-10, q stops before 11.
    #expect(rowNumbers(harness.io.output) == Array(1...10))
    #expect(
      harness.io.questions == [
        L10n.Session.Conversations.pageMore(5) + " ", L10n.Session.Conversations.pageMore(10) + " ",
      ])
    // `/open N` reaches every conversation loaded, shown or not yet.
    #expect(harness.focus.listing.count >= 10)
    #expect(harness.io.output.contains(L10n.Session.Conversations.openSwitches))
    await dependencies.shutdown()
  }

  @Test func enterToTheEndShowsEveryConversationAcrossTheHistoryPages() async throws {
    let home = try ChatTestHome()
    let dependencies = try await makeLiveDependencies(home)
    let harness = HandlerHarness(answers: ["", ""], rows: 8)
    let handler = makeHandler(harness, dependencies)
    try await conversations(11, handler, dependencies)

    #expect(await handler.run(.chats(includeArchived: false)))

    #expect(rowNumbers(harness.io.output) == Array(1...11))
    #expect(harness.io.questions.count == 2)
    #expect(harness.focus.listing.count == 11)
    await dependencies.shutdown()
  }

  @Test func aListThatFitsAsksNothing() async throws {
    let home = try ChatTestHome()
    let dependencies = try await makeLiveDependencies(home)
    let harness = HandlerHarness(rows: 8)
    let handler = makeHandler(harness, dependencies)
    try await conversations(5, handler, dependencies)

    #expect(await handler.run(.chats(includeArchived: false)))

    #expect(rowNumbers(harness.io.output) == Array(1...5))
    #expect(harness.io.questions.isEmpty)
    await dependencies.shutdown()
  }

  @Test func withoutAHeightTheLoadedListPrintsAtOnce() async throws {
    let home = try ChatTestHome()
    let dependencies = try await makeLiveDependencies(home)
    let harness = HandlerHarness(rows: nil)
    let handler = makeHandler(harness, dependencies, pageSize: 50)
    try await conversations(12, handler, dependencies)

    #expect(await handler.run(.chats(includeArchived: false)))

    #expect(rowNumbers(harness.io.output) == Array(1...12))
    #expect(harness.io.questions.isEmpty)
    await dependencies.shutdown()
  }

  @Test(arguments: [(nil, nil), (30, 27), (8, 5), (3, 1), (1, 1)] as [(Int?, Int?)])
  func aScreenIsTheHeightLessThreeLinesAndAtLeastOne(rows: Int?, expected: Int?) {
    #expect(ConversationsHandler.pageSize(rows: rows) == expected)
  }
}
