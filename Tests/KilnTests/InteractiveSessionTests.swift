import AppComposition
import Core
import FeatureChat
import Foundation
import Localization
import Storage
import TestSupport
import Testing

@testable import kiln

/// The chat session over in-memory dependencies: every slash command against the real view
/// models, with scripted input.
@MainActor
@Suite struct InteractiveSessionTests {
  private func conversations(_ dependencies: AppDependencies) async throws -> [ConversationDTO] {
    try await dependencies.conversations.list(limit: 50, after: nil, includeArchived: true)
  }

  @Test func openingAndQuittingMakesNoConversation() async throws {
    let io = ScriptedSessionIO(["/help", "/chats", "/quit", "never read"], leavesUnread: 1)
    let (session, dependencies) = makeSession(io)
    #expect(await session.run(opening: nil) == .success)
    #expect(try await conversations(dependencies).isEmpty)
    #expect(io.output.contains("/rename TITLE"))
    #expect(io.prefills.count == 3, "nothing is read after /quit")
  }

  @Test func theFirstMessageMakesTheConversationAndTheEchoAnswers() async throws {
    let io = ScriptedSessionIO(["hello kiln", "//slash at the start"])
    let (session, dependencies) = makeSession(io)
    #expect(await session.run(opening: nil) == .success)
    let stored = try await conversations(dependencies)
    #expect(stored.map(\.title) == ["hello kiln"])
    #expect(io.output == "hello kiln\n/slash at the start\n")
  }

  @Test func theTerminalShowsAWelcomeAndAStatusLineAfterEachReply() async throws {
    let io = ScriptedSessionIO(["hello there"], isTerminal: true)
    let (session, _) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.output.contains("chatting with the echo model"))
    #expect(io.output.contains("10 messages remaining"))
    #expect(io.output.contains("hello there · echo · General Assistant · 9 messages remaining"))
  }

  @Test func ctrlCOnAnEmptyLineWarnsOnceThenQuits() async throws {
    let io = ScriptedSessionIO([], isTerminal: true, leavesUnread: 1)
    io.append(.interrupted(discarded: "half typed"))
    io.append(.interrupted(discarded: ""))
    io.append(.interrupted(discarded: ""))
    io.append(.line("not reached"))
    let (session, dependencies) = makeSession(io)
    #expect(await session.run(opening: nil) == .success)
    #expect(io.output.components(separatedBy: "Press Ctrl-C again").count == 2)
    #expect(try await conversations(dependencies).isEmpty)
  }

  @Test func newWithAPersonaStartsTheNextConversationWithIt() async throws {
    let io = ScriptedSessionIO(["first", "/new swift-expert", "second", "/new pirate"])
    let (session, dependencies) = makeSession(io)
    _ = await session.run(opening: nil)
    let stored = try await conversations(dependencies)
    #expect(Set(stored.map(\.personaID)) == ["general", "swift-expert"])
    #expect(io.errors.contains("There is no persona 'pirate'."))
    #expect(io.errors.contains("general, swift-expert, writing-coach, translator"))
  }

  @Test func openSwitchesByListNumberOrId() async throws {
    let io = ScriptedSessionIO(["first", "/new", "second", "/chats", "/open 2"])
    let (session, dependencies) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(session.conversation?.title == "first")
    let first = try #require(try await conversations(dependencies).first { $0.title == "first" })
    let byID = ScriptedSessionIO(["/open \(first.id.uuidString)", "/open 77777"])
    let other = InteractiveSession(
      dependencies: dependencies, io: byID, historyFile: nil, environment: [:],
      persona: PersonaCatalogue.defaultPersona, model: nil)
    _ = await other.run(opening: nil)
    #expect(other.conversation?.id == first.id)
    #expect(byID.output.contains("› first\nfirst\n"))
    #expect(byID.errors.contains("There is no number 77777") == false)
    #expect(byID.errors.contains("No conversation has the id '77777'"))
  }

  @Test func renamePinArchiveAndDeleteChangeTheStoredConversation() async throws {
    let io = ScriptedSessionIO(
      ["hello", "/rename Better title", "/pin", "/archive", "/chats", "/delete", "/delete"],
      answers: ["n", "y"])
    let (session, dependencies) = makeSession(io)
    var afterArchive: [ConversationDTO]?
    io.beforePrompt = { read in
      guard read == 4 else { return }
      do {
        afterArchive = try await dependencies.conversations.list(
          limit: 5, after: nil, includeArchived: true)
      } catch {
        Issue.record("listing the conversations failed: \(error)")
      }
    }
    _ = await session.run(opening: nil)
    let stored = try #require(afterArchive, "the session never reached the fifth prompt")
    #expect(stored.first?.title == "Better title")
    #expect(stored.first?.isPinned == true)
    #expect(stored.first?.isArchived == true)
    #expect(io.output.contains(L10n.Chat.emptyHistoryMessage), "archived ones leave /chats")
    #expect(io.questions.count == 2)
    #expect(io.output.contains("Kept."))
    #expect(try await conversations(dependencies).isEmpty)
    #expect(session.chat == nil)
  }

  @Test func searchFindsTitlesAndMessagesAndNumbersThem() async throws {
    let io = ScriptedSessionIO(["apples and oranges", "/new", "just bananas", "/search oranges"])
    let (session, _) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.output.contains("[oranges]"))
    #expect(session.listing.count == 1)
    #expect(io.output.contains("/open N opens one."))
  }

  @Test func editResendsAChangedMessageAndKeepsTheOldBranch() async throws {
    let io = ScriptedSessionIO(["first draft", "/edit", "second draft", "/edit 9"])
    let (session, _) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.prefills.contains("first draft"))
    let chat = try #require(session.chat)
    #expect(chat.messages.map(\.text) == ["second draft", "second draft"])
    let user = try #require(chat.messages.first)
    #expect(try await chat.versions(of: user.id).map(\.text) == ["first draft", "second draft"])
    #expect(io.errors.contains("There is no message 9"))
  }

  @Test func regenerateMakesVersionsAndVersionsSwitchesBetweenThem() async throws {
    let io = ScriptedSessionIO(["hello", "/regen", "/versions", "/versions 1", "/versions 5"])
    let (session, _) = makeSession(io)
    _ = await session.run(opening: nil)
    let chat = try #require(session.chat)
    let reply = try #require(chat.messages.last)
    let versions = try await chat.versions(of: reply.id)
    #expect(versions.count == 2)
    #expect(reply.id == versions[0].id, "/versions 1 shows the first version")
    #expect(io.output.contains("2  hello  (shown)"))
    #expect(io.errors.contains("There is no version 5 (1–2)."))
  }

  @Test func retryCopyAndUsageExplainThemselves() async throws {
    let io = ScriptedSessionIO(["/retry", "hello world", "/retry", "/copy", "/usage"])
    let (session, _) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.errors.contains("There is nothing to retry yet"))
    #expect(io.output.contains("Nothing to retry: the last reply completed."))
    #expect(io.output.contains("select it to copy"))
    #expect(io.output.contains("Total: "))
    #expect(io.output.contains("Models that answered: echo"))
    #expect(io.output.contains("Free messages left: 9 of 10."))
  }

  @Test func memoriesCanBeAddedListedChangedAndForgotten() async throws {
    let io = ScriptedSessionIO([
      "/memory", "/memory add I like tea", "/memory add I live in Lisbon", "/memory",
      "/memory edit 1 I live in Porto", "/memory delete 2", "/memory delete 7",
    ])
    let (session, dependencies) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(try await dependencies.memories.list().map(\.text) == ["I live in Porto"])
    #expect(io.output.contains("  1  I live in Lisbon\n  2  I like tea"))
    #expect(io.errors.contains("There is no memory 7 (1–1)"))
  }

  @Test func exportWritesJSONOrMarkdownFiles() async throws {
    let home = try ChatTestHome()
    let json = home.root.appendingPathComponent("chat.json").path
    let markdown = home.root.appendingPathComponent("chat.md").path
    let io = ScriptedSessionIO([
      "/export", "export me", "/export json \(json)", "/export \(markdown)",
    ])
    let (session, _) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.errors.contains("There is nothing to export yet"))
    let archive = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: json)))
    #expect(archive is [String: Any])
    #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("export me"))
  }

  @Test func premiumThemesNeedASubscriptionWhichUpgradeBuys() async throws {
    let io = ScriptedSessionIO([
      "/theme", "/theme aurora", "/theme dark", "/upgrade", "/upgrade 1", "/theme obsidian",
      "/theme neon",
    ])
    let (session, dependencies) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.errors.contains("Aurora is a Kiln Pro theme."))
    #expect(io.output.contains("Theme: Dark."))
    #expect(io.output.contains(L10n.Payments.purchaseSucceeded))
    #expect(io.output.contains("Theme: Obsidian."))
    #expect(dependencies.themeManager.selected == .obsidian)
    #expect(try await dependencies.settings.load().theme == .obsidian, "saved, not only shown")
    #expect(io.errors.contains("There is no theme 'neon'."))
  }

  @Test func theFreeTierTurnsAMessageAwayWithAnUpgradeHint() async throws {
    let io = ScriptedSessionIO(["one", "two", "/usage"])
    let (session, dependencies) = makeSession(io, configuration: ["KILN_FREE_MESSAGE_LIMIT": "1"])
    #expect(await session.run(opening: nil) == .failure)
    #expect(io.errors.contains(L10n.Chat.freeLimitReachedMessage))
    #expect(io.output.contains("/upgrade"))
    #expect(io.prefills.dropFirst(2).first == "two", "the refused message comes back to edit")
    #expect(try await conversations(dependencies).count == 1)
  }

  @Test func loginAsksForThePasswordSecretlyAndLogoutSignsOut() async throws {
    let io = ScriptedSessionIO(
      ["/whoami", "/login", "/whoami", "/logout", "/whoami"],
      answers: ["me@example.com", "hunter22"])
    let (session, dependencies) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.questions == ["E-mail: ", "Password: "])
    #expect(io.output.contains("Signed in as me@example.com."))
    #expect(io.output.contains("Signed out me@example.com."))
    #expect(!io.output.contains("hunter22"))
    #expect(await dependencies.auth.currentUser() == nil)
  }

  @Test func deletingTheAccountAsksThenErasesItAndTheChatsHere() async throws {
    let kept = ScriptedSessionIO(
      ["/delete-account", "/login", "first chat", "/memory add I like herons", "/delete-account"],
      answers: ["me@example.com", "hunter22", "no"])
    let (session, dependencies) = makeSession(kept)
    _ = await session.run(opening: nil)
    #expect(kept.output.contains("Not signed in: there is no account to delete."))
    #expect(kept.output.contains("Kept the account."))
    #expect(await dependencies.auth.currentUser() != nil)
    #expect(try await conversations(dependencies).count == 1)

    let confirmed = ScriptedSessionIO(["/delete-account", "/chats"], answers: ["delete"])
    let again = InteractiveSession(
      dependencies: dependencies, io: confirmed, historyFile: nil, environment: [:],
      persona: PersonaCatalogue.defaultPersona, model: nil)
    _ = await again.run(opening: nil)
    #expect(confirmed.questions == ["Type delete to confirm: "])
    #expect(confirmed.output.contains("Your account has been deleted."))
    #expect(await dependencies.auth.currentUser() == nil)
    #expect(try await conversations(dependencies).isEmpty)
    #expect(try await dependencies.memories.list().isEmpty)
  }

  @Test func modelAndPersonaChoicesApplyToTheNextRequest() async throws {
    let io = ScriptedSessionIO(["/model", "/model other-model", "/persona translator", "hola"])
    let (session, dependencies) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.output.contains("(in use)"))
    #expect(session.chat?.model?.rawValue == "other-model")
    #expect(try await conversations(dependencies).first?.personaID == "translator")
  }

  @Test func theRatingLineShowsOnlyWhenItsRulesAllowAndThenRests() async throws {
    let clock = ManualClock()
    let dependencies = AppDependencies.preview(clock: clock.appClock, uuid: .incrementing())
    func session(_ io: ScriptedSessionIO) -> InteractiveSession {
      InteractiveSession(
        dependencies: dependencies, io: io, historyFile: nil, environment: [:],
        persona: PersonaCatalogue.defaultPersona, model: nil)
    }
    // A newcomer is never asked: the first days and sessions are a grace period.
    let early = ScriptedSessionIO((1...6).map { "early \($0)" }, isTerminal: true)
    _ = await session(early).run(opening: nil)
    #expect(!early.output.contains("Enjoying Kiln?"))
    for _ in 0..<2 { _ = await session(ScriptedSessionIO([], isTerminal: true)).run(opening: nil) }
    await clock.advance(by: .seconds(4 * 86_400))
    let later = ScriptedSessionIO(["/new"] + (1...4).map { "later \($0)" }, isTerminal: true)
    _ = await session(later).run(opening: nil)
    #expect(later.output.components(separatedBy: "Enjoying Kiln?").count == 2, "exactly once")
  }

  @Test func openingAConversationAtStartShowsItsNewestMessages() async throws {
    let (first, dependencies) = makeSession(ScriptedSessionIO(["an older message", "the newest"]))
    _ = await first.run(opening: nil)
    let stored = try #require(try await conversations(dependencies).first)
    let io = ScriptedSessionIO(["and one more"], isTerminal: true)
    let session = InteractiveSession(
      dependencies: dependencies, io: io, historyFile: nil, environment: [:],
      persona: PersonaCatalogue.defaultPersona, model: nil)
    _ = await session.run(opening: stored.id)
    #expect(io.output.contains("“an older message”"))
    #expect(io.output.contains("› the newest\nthe newest\n"))
    #expect(session.chat?.messages.count == 6, "the next message continues that conversation")
  }
}
