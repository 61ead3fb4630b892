import AppComposition
import Core
import FeatureChat
import Foundation
import Storage
import Testing

@testable import kiln

/// The conversation list on its own: the history model, the repository and the focus, over
/// the app's real SQLite database in a temporary home; no session and no reply.
@MainActor
@Suite struct ConversationsHandlerTests {
  private func makeHandler(
    _ harness: HandlerHarness, _ dependencies: AppDependencies
  ) -> ConversationsHandler {
    ConversationsHandler(
      console: harness.console, focus: harness.focus,
      history: ChatHistoryViewModel(
        conversations: dependencies.conversations, messages: dependencies.messages,
        sessions: dependencies.sessions, clock: dependencies.clock),
      conversations: dependencies.conversations, sessions: dependencies.sessions)
  }

  /// Two stored conversations, "first" then "second", started through the handler.
  private func twoConversations(
    _ handler: ConversationsHandler, _ dependencies: AppDependencies
  ) async throws -> (ConversationDTO, ConversationDTO) {
    let first = try #require(await handler.startConversation())
    try await dependencies.conversations.rename(id: first.id, title: "first")
    let second = try #require(await handler.startConversation())
    try await dependencies.conversations.rename(id: second.id, title: "second")
    return (first, second)
  }

  @Test func chatsNumbersTheListAndTheFocusKeepsItForOpen() async throws {
    let home = try ChatTestHome()
    let dependencies = try await makeLiveDependencies(home)
    let harness = HandlerHarness()
    let handler = makeHandler(harness, dependencies)
    let (first, second) = try await twoConversations(handler, dependencies)
    #expect(await handler.run(.chats(includeArchived: false)))
    #expect(Set(harness.focus.listing) == [first.id, second.id])
    #expect(harness.io.output.contains("/open N switches to one."))
    let numbered = try #require(harness.focus.listing.firstIndex(of: first.id)) + 1
    #expect(await handler.target(.number(numbered), for: "open")?.id == first.id)
    await dependencies.shutdown()
  }

  @Test func aNumberWithoutAListSaysToListFirst() async throws {
    let home = try ChatTestHome()
    let dependencies = try await makeLiveDependencies(home)
    let harness = HandlerHarness()
    #expect(await makeHandler(harness, dependencies).target(.number(1), for: "open") == nil)
    #expect(harness.io.errors.contains("type /chats first"))
    await dependencies.shutdown()
  }

  @Test func deletingTheConversationOnScreenAsksAndThenLeavesANewOne() async throws {
    let home = try ChatTestHome()
    let dependencies = try await makeLiveDependencies(home)
    let harness = HandlerHarness(answers: ["n", "y"])
    let handler = makeHandler(harness, dependencies)
    let (first, _) = try await twoConversations(handler, dependencies)
    harness.focus.conversation = first
    #expect(await handler.run(.delete(nil)))
    #expect(harness.io.output.contains("Kept."))
    #expect(try await dependencies.conversations.get(id: first.id) != nil)
    #expect(await handler.run(.delete(nil)))
    #expect(harness.io.output.contains("You are in a new conversation."))
    #expect(harness.focus.conversation == nil)
    #expect(try await dependencies.conversations.get(id: first.id) == nil)
    await dependencies.shutdown()
  }

  @Test func pinningTheConversationOnScreenRefreshesItInTheFocus() async throws {
    let home = try ChatTestHome()
    let dependencies = try await makeLiveDependencies(home)
    let harness = HandlerHarness()
    let handler = makeHandler(harness, dependencies)
    let (first, _) = try await twoConversations(handler, dependencies)
    harness.focus.conversation = try await dependencies.conversations.get(id: first.id)
    #expect(await handler.run(.pin(nil)))
    #expect(harness.focus.conversation?.isPinned == true)
    #expect(harness.io.output.contains("Pinned “first”: it lists first."))
    await dependencies.shutdown()
  }

  @Test func newForgetsTheConversationOnScreenAndTakesThePersona() async throws {
    let home = try ChatTestHome()
    let dependencies = try await makeLiveDependencies(home)
    let harness = HandlerHarness()
    let handler = makeHandler(harness, dependencies)
    harness.focus.conversation = await handler.startConversation()
    #expect(harness.focus.conversation != nil)
    #expect(await handler.run(.newConversation(persona: "translator")))
    #expect(harness.focus.conversation == nil && harness.focus.chat == nil)
    #expect(harness.focus.persona.id == .translator)
    #expect(harness.io.output.contains("New conversation with Translator. Say something!"))
    await dependencies.shutdown()
  }

  @Test func aSearchNumbersItsMatchesAndANoMatchSaysSo() async throws {
    let home = try ChatTestHome()
    let dependencies = try await makeLiveDependencies(home)
    let harness = HandlerHarness()
    let handler = makeHandler(harness, dependencies)
    _ = try await twoConversations(handler, dependencies)
    #expect(await handler.run(.search("first")))
    #expect(harness.focus.listing.count == 1)
    #expect(await handler.run(.search("nothing-like-this")))
    #expect(harness.io.output.contains("nothing-like-this"))
    await dependencies.shutdown()
  }
}
