import AppComposition
import Core
import Foundation
import Networking
import Storage
import Sync
import TestSupport
import Testing

@testable import kiln

/// `/sync`: the state it shows, and the question about changes made while signed out, over
/// a real coordinator, `SyncTestJournal` and a scripted sync server on a loopback socket.
@MainActor
@Suite struct SyncHandlerTests {
  static let account = UUID(uuidString: "8d6a1f2e-0000-4000-8000-000000000042") ?? UUID()

  struct FixedToken: TokenProvider {
    func currentToken() async throws -> String? { "at-sync-handler-1" }
  }

  let server: LoopbackHTTPServer
  let journal = SyncTestJournal()

  init() throws {
    server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
  }

  func coordinator(enabled: Bool = true) async -> SyncCoordinator {
    let transport = SyncTransport(
      configuration: SyncTransportConfiguration(supabaseURL: server.baseURL, anonKey: "anon"),
      httpClient: URLSessionHTTPClient(baseURL: nil, clock: .live), tokens: FixedToken())
    let sync = SyncCoordinator(
      isEnabled: enabled, journal: journal, transport: transport,
      statusStore: InMemoryKeyValueStore(), clock: .fixed(HandlerHarness.now), random: .live,
      logger: .disabled, currentAccount: { Self.account })
    await sync.accountMayHaveChanged()
    return sync
  }

  @Test func offSaysWhy() async throws {
    defer { server.stop() }
    let harness = HandlerHarness()
    let handler = SyncHandler(console: harness.console, sync: await coordinator(enabled: false))
    #expect(await handler.run(.sync))
    #expect(harness.io.output.contains("Sync is off: CHAT_SYNC_ENABLED is not true"))
    #expect(await journal.recordingStarts == 0)
  }

  @Test func onShowsTheStateAndAdoptingAnswersTheQuestion() async throws {
    defer { server.stop() }
    await journal.setForeignRows(2)
    let harness = HandlerHarness(answers: ["a"])
    let handler = SyncHandler(console: harness.console, sync: await coordinator())
    #expect(await handler.run(.sync))
    let output = harness.io.output
    #expect(output.contains("Sync is on for \(Self.account.uuidString.lowercased())."))
    #expect(output.contains("Last success: never"))
    #expect(output.contains("Changes waiting to be pushed: 0"))
    #expect(output.contains("Changes made while signed out or by another account: 2"))
    #expect(output.contains("Next round: none scheduled"))
    #expect(harness.io.questions.contains { $0.contains("Push those 2 rows into this account?") })
    #expect(output.contains("2 rows changed while signed out or by another account now belong"))
    #expect(await journal.foreignRows == 0)
  }

  @Test(arguments: [("k", "stay on this device only", 0), ("l", "decide later", 2)])
  func keepingOrDecidingLater(answer: String, words: String, left: Int) async throws {
    defer { server.stop() }
    await journal.setForeignRows(2)
    let harness = HandlerHarness(answers: [answer])
    let handler = SyncHandler(console: harness.console, sync: await coordinator())
    #expect(await handler.run(.sync))
    #expect(harness.io.output.contains(words))
    #expect(await journal.foreignRows == left)
  }

  @Test func aFailedRoundShowsAsTheLastError() async throws {
    defer { server.stop() }
    server.enqueue(
      .json(#"{"code":"PGRST000","message":"store down","details":null,"hint":null}"#, status: 503),
      method: .post, path: "/rest/v1/rpc/sync_pull")
    let sync = await coordinator()
    await #expect(throws: SyncError.self) { try await sync.runRound() }
    let harness = HandlerHarness()
    let handler = SyncHandler(console: harness.console, sync: sync)
    #expect(await handler.run(.sync))
    #expect(
      harness.io.output.contains(
        "Last error: the sync server refused the request: HTTP 503 PGRST000: store down"))
  }

  @Test func theChatsStartAsksAboutWaitingForeignChangesAndOnlyThen() async throws {
    defer { server.stop() }
    let quiet = HandlerHarness()
    let noneWaiting = SyncHandler(console: quiet.console, sync: await coordinator())
    await noneWaiting.askAboutWaitingForeignChanges()
    #expect(quiet.io.questions.isEmpty)
    #expect(quiet.io.output.isEmpty)

    await journal.setForeignRows(3)
    let harness = HandlerHarness(answers: ["k"])
    let handler = SyncHandler(console: harness.console, sync: await coordinator())
    await handler.askAboutWaitingForeignChanges()
    #expect(harness.io.questions.contains { $0.contains("Push those 3 rows into this account?") })
    #expect(harness.io.output.contains("3 rows changed while signed out"))
    #expect(await journal.foreignRows == 0)
  }
}
