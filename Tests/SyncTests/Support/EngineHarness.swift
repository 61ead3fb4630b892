import Core
import Foundation
import Storage
import Sync
import TestSupport
import Testing

/// The engine over a journal from `JournalHarness.make` and the scripted server.
struct EngineHarness {
  let server: SyncServerHarness
  let journal: JournalHarness
  let store = InMemoryKeyValueStore()

  init(account: UUID = SyncSamples.account, kind: JournalHarness.Kind = .inMemory) async throws {
    server = try SyncServerHarness()
    journal = try await JournalHarness.make(account: account, kind: kind)
  }

  func engine(
    configuration: SyncEngineConfiguration = .init(),
    clock: AppClock = .fixed(Fixture.referenceDate), codec: SyncCodec = SyncCodec()
  ) -> SyncEngine {
    SyncEngine(
      account: SyncSamples.account, journal: journal.journal,
      transport: server.transport(codec: codec),
      statusStore: store, configuration: configuration, clock: clock)
  }

  /// Answers every push with `status` for each change sent and no row.
  func answerEveryPush(_ status: String = "applied") {
    server.server.route(.post, SyncServerHarness.pushPath) { request in
      let changes = (try? SyncServerHarness.changes(request)) ?? []
      let results = changes.map { change in
        let row = change["row"] as? [String: Any]
        return (id: row?["id"] as? String ?? "", status: status, row: String?.none)
      }
      return .json(SyncSamples.push(results))
    }
  }

  func pending() async throws -> [SyncOutboxItem] {
    try await journal.journal.pending(account: SyncSamples.account, limit: 10_000)
  }

  func summary() async throws -> SyncJournalSummary {
    try await journal.journal.summary(account: SyncSamples.account)
  }

  func writeMemory(_ n: Int, text: String = "Likes tea") async throws {
    try await journal.write(
      .memory(SyncSamples.memory(n, text: text)), ["content": SyncSamples.clock(n)])
  }

  func writeConversation(_ n: Int) async throws {
    try await journal.write(
      .conversation(SyncSamples.conversation(n)), ["title": SyncSamples.clock(n)])
  }

  func writeMessage(_ n: Int, in conversation: Int) async throws {
    try await journal.write(
      .message(SyncSamples.message(n, in: conversation)), ["body": SyncSamples.clock(n)])
  }
}
