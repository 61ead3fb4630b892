import AppComposition
import Core
import FeatureChat
import Foundation
import Storage
import Testing

@testable import kiln

/// The message commands on their own: the focus holds a conversation the test fills through
/// its view model (the echo answers), the reply display shows what the commands start.
@MainActor
@Suite struct MessagesHandlerTests {
  private struct Parts {
    let handler: MessagesHandler
    let replies: ReplyDisplay
  }

  private func makeParts(
    _ harness: HandlerHarness, _ dependencies: AppDependencies
  ) -> Parts {
    let plan = harness.plan(dependencies)
    let replies = ReplyDisplay(
      console: harness.console, focus: harness.focus, plan: plan, clock: dependencies.clock,
      rating: dependencies.rating, provider: dependencies.ai.provider)
    let conversations = ConversationsHandler(
      console: harness.console, focus: harness.focus,
      history: ChatHistoryViewModel(
        conversations: dependencies.conversations, messages: dependencies.messages,
        sessions: dependencies.sessions, clock: dependencies.clock),
      conversations: dependencies.conversations, sessions: dependencies.sessions)
    let handler = MessagesHandler(
      console: harness.console, focus: harness.focus, replies: replies,
      conversations: conversations, archiver: dependencies.archiver, paths: dependencies.paths,
      freeTier: dependencies.freeTier)
    return Parts(handler: handler, replies: replies)
  }

  /// Puts a conversation with one exchange ("hello kiln" and the echo's reply) in focus.
  private func focusOnAnExchange(
    _ harness: HandlerHarness, _ dependencies: AppDependencies
  ) async throws -> ChatViewModel {
    let persona = PersonaCatalogue.defaultPersona
    let stored = try await dependencies.conversations.create(
      title: "hello", personaName: persona.displayName, personaID: persona.id.rawValue)
    let chat = dependencies.sessions.viewModel(for: stored.id)
    await chat.load()
    _ = await chat.send("hello kiln")
    harness.focus.chat = chat
    harness.focus.conversation = stored
    return chat
  }

  @Test func withoutAConversationEveryMessageCommandSaysToSendFirst() async {
    let harness = HandlerHarness()
    let parts = makeParts(harness, .preview())
    for (command, action) in [(SlashCommand.retry, "retry"), (.edit(nil), "edit"), (.copy, "copy")]
    {
      #expect(await parts.handler.run(command))
      #expect(harness.io.errors.contains("There is nothing to \(action) yet"))
    }
  }

  @Test func copyPrintsTheLastReplyAsWritten() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    let parts = makeParts(harness, dependencies)
    _ = try await focusOnAnExchange(harness, dependencies)
    #expect(await parts.handler.run(.copy))
    #expect(harness.io.output.hasSuffix("\nhello kiln\n"))
  }

  @Test func editPutsTheSentTextAtTheNextPrompt() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    let parts = makeParts(harness, dependencies)
    let chat = try await focusOnAnExchange(harness, dependencies)
    #expect(await parts.handler.run(.edit(nil)))
    #expect(parts.replies.takePrefill() == "hello kiln")
    #expect(parts.replies.takePrefill() == nil, "once")
    #expect(chat.composer.isEditing)
  }

  @Test func regenerateStreamsANewVersionThroughTheReplyDisplay() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    let parts = makeParts(harness, dependencies)
    let chat = try await focusOnAnExchange(harness, dependencies)
    #expect(await parts.handler.run(.regenerate))
    #expect(harness.io.output.contains("Writing a new version"))
    #expect(harness.io.output.hasSuffix("hello kiln\n"), "the display wrote the new reply")
    let reply = try #require(chat.messages.last { $0.role == .assistant })
    #expect(try await chat.versions(of: reply.id).count == 2)
  }

  @Test func exportToStandardOutputInAPipeIsTheExactMarkdown() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    let parts = makeParts(harness, dependencies)
    let chat = try await focusOnAnExchange(harness, dependencies)
    #expect(await parts.handler.run(.export(format: .markdown, file: "-")))
    let expected = try await dependencies.archiver.exportMarkdown(
      conversationID: chat.conversationID, timeZone: .current)
    #expect(harness.io.output == expected)
  }

  @Test func usageWithoutRepliesStillCountsTheFreeMessages() async {
    let harness = HandlerHarness()
    #expect(await makeParts(harness, .preview()).handler.run(.usage))
    #expect(harness.io.output.contains("No replies in this conversation yet."))
    #expect(harness.io.output.contains("Free messages left: 10 of 10."))
  }
}
