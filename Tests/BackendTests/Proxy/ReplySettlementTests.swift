import Core
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Backend

/// `ReplySettlement` on its own: the ledger line, the counts, the refund of decision 133
/// and the access log's note of decision 134, for each way a reply ends.
@Suite struct ReplySettlementTests {
  private let manualClock = ManualClock(start: storeNoon)
  private let store = InMemoryServerStore()
  private let metrics = ProxyMetrics()
  private let sink = InMemoryLogSink()

  private var settlement: ReplySettlement {
    ReplySettlement(
      store: store, clock: manualClock.appClock, metrics: metrics,
      logger: AppLogger(sinks: [sink]))
  }

  /// Charges user-1's free message (10 a lifetime) as the proxy does before the upstream.
  private func chargedExchange(bucketed: Bool = true) async throws -> Exchange {
    let allowance = try freeMessages(10)
    let decision = try await store.admit(admission(free: allowance))
    #expect(decision == .admitted(freeRemaining: 9))
    return Exchange(
      requestID: "req-1", userID: "user-1", model: "openai/gpt-4o-mini", startedAt: storeNoon,
      freeRemaining: 9, freeBucket: bucketed ? allowance.period.bucket(at: storeNoon) : nil,
      note: BackendLogNote())
  }

  /// What a look (no charge) says is left of user-1's free messages.
  private func freeLeft() async throws -> Int? {
    let decision = try await store.admit(admission(free: try freeMessages(10), charge: false))
    guard case .admitted(let remaining) = decision else {
      Issue.record("expected .admitted, got \(decision)")
      return nil
    }
    return remaining
  }

  @Test func aWholeAnswersLineIsWrittenAfterItAndWaitedForAtTheEnd() async throws {
    let exchange = try await chargedExchange()
    var interpreter = UpstreamChunkInterpreter(collectsText: false)
    let body =
      #"{"id":"gen-7","choices":[{"message":{"content":"Hi"}}],"usage":{"prompt_tokens":2,"completion_tokens":4}}"#
    #expect(interpreter.absorbCompletion(Array(body.utf8)) == .completed)
    await manualClock.advance(by: .milliseconds(250))
    let settlement = settlement
    // Noted and counted at once, for the answer and its access-log line.
    await settlement.settleAfterAnswer(exchange, interpreter: interpreter, generationID: nil)
    let fields = exchange.note.fields
    #expect(fields.reply == "completed")
    #expect(fields.upstreamGenerationID == "gen-7")
    #expect(fields.promptTokens == 2 && fields.completionTokens == 4)
    #expect(!fields.freeMessageRefunded)
    #expect(metrics.prometheusText().contains(#"kiln_proxy_replies_total{status="completed"} 1"#))
    // The line is in the ledger once the late writes are waited for, with the answer's
    // duration, not the write's.
    await settlement.finishLateWrites()
    await manualClock.advance(by: .seconds(5))
    #expect(
      try await store.usage(for: "user-1") == [
        UsageRecord(
          requestID: "req-1", userID: "user-1", model: "openai/gpt-4o-mini", promptTokens: 2,
          completionTokens: 4, status: "completed", startedAt: storeNoon,
          durationMilliseconds: 250, upstreamGenerationID: "gen-7")
      ])
    #expect(try await freeLeft() == 9, "the charge stays")
    // Nothing left to wait for: the next wait returns at once.
    await settlement.finishLateWrites()
  }

  @Test func lateWritesPastTheirLimitAreLeftToTheCallerAndAreWaitedFor() async throws {
    let writes = LateLedgerWrites(limit: 1)
    let (opened, open) = AsyncStream<Void>.makeStream()
    let done = ManualFlag()
    #expect(
      writes.start {
        for await _ in opened { break }
        done.set()
      })
    // One write runs: another is not queued, the caller writes it itself.
    #expect(!writes.start {})
    open.yield()
    await writes.wait()
    #expect(done.isSet)
    #expect(writes.start {})
    await writes.wait()
  }

  /// On SQLite the lines join the store's group commit without a task waiting for each,
  /// and the wait at the end still covers every one of them.
  @Test(arguments: [StoreKind.inMemory, .sqlite])
  func everyLateLineIsWrittenByTheTimeTheWaitEnds(kind: StoreKind) async throws {
    try await withStore(kind) { store in
      let settlement = ReplySettlement(
        store: store, clock: manualClock.appClock, metrics: metrics, logger: .disabled)
      var interpreter = UpstreamChunkInterpreter(collectsText: false)
      let body = #"{"id":"gen-1","choices":[{"message":{"content":"Hi"}}]}"#
      #expect(interpreter.absorbCompletion(Array(body.utf8)) == .completed)
      for index in 0..<40 {
        let exchange = Exchange(
          requestID: "req-\(index)", userID: "user-\(index % 4)", model: "openai/gpt-4o-mini",
          startedAt: storeNoon, freeRemaining: nil, freeBucket: nil, note: BackendLogNote())
        await settlement.settleAfterAnswer(exchange, interpreter: interpreter, generationID: nil)
      }
      await settlement.finishLateWrites()
      var lines: [UsageRecord] = []
      for user in 0..<4 { lines += try await store.usage(for: "user-\(user)") }
      #expect(Set(lines.map(\.requestID)) == Set((0..<40).map { "req-\($0)" }))
      #expect(lines.allSatisfy { $0.status == "completed" && $0.upstreamGenerationID == "gen-1" })
    }
  }

  /// A write that says itself when it has ended is counted until then, and past the limit
  /// it is left to the caller.
  @Test func aWriteReportingItsEndIsCountedUntilItSaysSo() async throws {
    let writes = LateLedgerWrites(limit: 1)
    let end = Mutex<(@Sendable () -> Void)?>(nil)
    #expect(writes.start { finished in end.withLock { $0 = finished } })
    #expect(!writes.start { _ in Issue.record("begun past the limit") })
    let waited = ManualFlag()
    let waiter = Task {
      await writes.wait()
      waited.set()
    }
    try await Task.sleep(for: .milliseconds(50))
    #expect(!waited.isSet, "the write has not said it ended")
    end.withLock { $0 }?()
    await waiter.value
    #expect(waited.isSet)
    #expect(writes.start { finished in finished() })
  }

  /// Erasing an account waits for the lines written before it, not for every line the
  /// server goes on writing: under steady traffic the wait still ends.
  @Test func aWaitCoversTheWritesStartedBeforeItOnly() async throws {
    let writes = LateLedgerWrites(limit: 4)
    let (firstGate, openFirst) = AsyncStream<Void>.makeStream()
    let (laterGate, openLater) = AsyncStream<Void>.makeStream()
    let (inlineGate, openInline) = AsyncStream<Void>.makeStream()
    #expect(writes.start { for await _ in firstGate { break } })
    // A write the caller runs itself (past the limit) counts as well.
    let inline = Task { await writes.run { for await _ in inlineGate { break } } }
    try await Task.sleep(for: .milliseconds(20))
    let waited = ManualFlag()
    let waiter = Task {
      await writes.wait()
      waited.set()
    }
    try await Task.sleep(for: .milliseconds(20))
    // Started after the wait began: it does not hold the wait up.
    #expect(writes.start { for await _ in laterGate { break } })
    openFirst.yield()
    try await Task.sleep(for: .milliseconds(50))
    #expect(!waited.isSet, "the inline write started before the wait still runs")
    openInline.yield()
    await inline.value
    await waiter.value
    #expect(waited.isSet)
    openLater.yield()
    await writes.wait()
  }

  @Test func aCompletedReplyIsRecordedWithItsDurationTokensAndGenerationAndNoted() async throws {
    let exchange = try await chargedExchange()
    var interpreter = UpstreamChunkInterpreter(collectsText: false)
    let body = #"""
      {"id":"gen-9","choices":[{"message":{"role":"assistant","content":"Hi"}}],
       "usage":{"prompt_tokens":3,"completion_tokens":5}}
      """#
    #expect(interpreter.absorbCompletion(Array(body.utf8)) == .completed)
    await manualClock.advance(by: .milliseconds(1500))

    let refunded = await settlement.settle(
      exchange, status: .completed, interpreter: interpreter, generationID: nil, refund: true)

    #expect(!refunded, "a completed reply is never given back")
    let ledger = try await store.usage(for: "user-1")
    #expect(
      ledger == [
        UsageRecord(
          requestID: "req-1", userID: "user-1", model: "openai/gpt-4o-mini", promptTokens: 3,
          completionTokens: 5, status: "completed", startedAt: storeNoon,
          durationMilliseconds: 1500, upstreamGenerationID: "gen-9")
      ])
    let fields = exchange.note.fields
    #expect(fields.reply == "completed")
    #expect(fields.upstreamGenerationID == "gen-9")
    #expect(fields.promptTokens == 3 && fields.completionTokens == 5)
    #expect(!fields.freeMessageRefunded)
    #expect(try await freeLeft() == 9)
    let text = metrics.prometheusText()
    #expect(text.contains(#"kiln_proxy_replies_total{status="completed"} 1"#))
    #expect(text.contains("kiln_proxy_free_refunds_total 0\n"))
  }

  @Test func anUpstreamErrorChargedToAFreeAllowanceGivesTheMessageBackWithItsLedgerLine()
    async throws
  {
    let exchange = try await chargedExchange()

    let refunded = await settlement.settle(
      exchange, status: .upstreamError, interpreter: nil, generationID: "gen-2", refund: true)

    #expect(refunded)
    #expect(try await freeLeft() == 10)
    #expect(try await store.usage(for: "user-1").map(\.status) == ["upstream_error"])
    #expect(try await store.usage(for: "user-1").map(\.upstreamGenerationID) == ["gen-2"])
    #expect(exchange.note.fields.freeMessageRefunded)
    #expect(exchange.note.fields.reply == "upstream_error")
    #expect(metrics.prometheusText().contains("kiln_proxy_free_refunds_total 1\n"))
  }

  /// Endings that keep the charge: an error the client saw part of (no refund asked), a
  /// subscriber's request (no free bucket), a cancelled reply.
  enum KeptCharge: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case errorAfterContent
    case subscriberError
    case cancelled

    var testDescription: String { rawValue }
  }

  @Test(arguments: KeptCharge.allCases)
  func anEndingThatKeepsTheChargeIsOnlyRecorded(ending: KeptCharge) async throws {
    let exchange = try await chargedExchange(bucketed: ending != .subscriberError)
    let status: ReplyStatus = ending == .cancelled ? .cancelled : .upstreamError

    let refunded = await settlement.settle(
      exchange, status: status, interpreter: nil, generationID: nil,
      refund: ending != .errorAfterContent)

    #expect(!refunded)
    #expect(try await freeLeft() == 9)
    #expect(try await store.usage(for: "user-1").map(\.status) == [status.rawValue])
    #expect(!exchange.note.fields.freeMessageRefunded)
    #expect(metrics.prometheusText().contains("kiln_proxy_free_refunds_total 0\n"))
  }

  @Test func aLedgerFailureIsLoggedNotThrownAndTheNoteStillSaysHowTheReplyEnded() async throws {
    let exchange = try await chargedExchange()
    await store.failEveryCall(with: .unavailable("disk full"))

    let refunded = await settlement.settle(
      exchange, status: .upstreamError, interpreter: nil, generationID: nil, refund: true)

    #expect(!refunded, "nothing was given back when the store could not write")
    #expect(exchange.note.fields.reply == "upstream_error")
    #expect(!exchange.note.fields.freeMessageRefunded)
    #expect(sink.messages.contains { $0.hasPrefix("usage ledger write failed:") })
    #expect(!sink.text.contains("user-1"), "the log line names no user")
    await store.failEveryCall(with: nil)
    #expect(try await freeLeft() == 9)
    #expect(try await store.usage(for: "user-1").isEmpty)
  }
}

/// A flag set once, read from any task.
final class ManualFlag: Sendable {
  private let state = Mutex(false)
  var isSet: Bool { state.withLock { $0 } }
  func set() { state.withLock { $0 = true } }
}
