import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Backend
@testable import Networking

/// The relay's keep-alive ticker starts the first time the relay has to wait for the
/// upstream: a reply that has arrived whole costs no ticker, one that keeps it waiting gets
/// one (and only one). The head, which waits for the body, is sent alone (an empty write)
/// only when the relay is about to wait with nothing written. Taking what has arrived
/// without waiting never lets the relay read past the flow control's bound.
@Suite struct StreamRelayTickerTests {
  /// Counts the ticker's sleeps; each one waits until the test ends it.
  final class Sleeps: Sendable {
    let count = Mutex(0)

    var sleep: @Sendable (Duration) async throws -> Void {
      { _ in
        self.count.withLock { $0 += 1 }
        try await Task.sleep(for: .seconds(3_600))
      }
    }
  }

  private static let reply =
    UpstreamScript.chunk("Hi") + UpstreamScript.chunk(" there") + UpstreamScript.finish()
    + UpstreamScript.usage() + UpstreamScript.done

  /// Relays `body` with `sleeps` as the ticker's sleep and checks the whole reply went out.
  /// Returns the writer's `emptyWritesAt`.
  private static func relayWhole(
    _ body: HTTPResponseBody, sleeps: Sleeps, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> [Int] {
    let relay = StreamRelay(
      body: body, keepAliveInterval: .seconds(15), sleep: sleeps.sleep, now: { Date() })
    let writer = RecordingBodyWriter()
    let (status, _) = await relay.run(writer: writer)
    #expect(status == .completed, sourceLocation: sourceLocation)
    #expect(writer.text == reply, sourceLocation: sourceLocation)
    return writer.emptyWritesAt
  }

  @Test func aReplyThatHasArrivedWholeIsRelayedWithoutATicker() async {
    let handedOver = Mutex(false)
    let body = HTTPResponseBody(
      batches: { nil },
      arrived: {
        handedOver.withLock { given in
          defer { given = true }
          return given ? nil : [Data(Self.reply.utf8)]
        }
      }, onCancel: {})
    let sleeps = Sleeps()
    // The head leaves with the reply: no empty write sends it alone.
    #expect(await Self.relayWhole(body, sleeps: sleeps) == [])
    #expect(sleeps.count.withLock { $0 } == 0)
  }

  /// A body whose `arrived` text is there when the relay first looks, and whose `later`
  /// pieces come one per wait, the first only once the ticker sleeps (bounded, so a
  /// missing ticker fails the test's count instead of hanging it).
  private static func body(
    arrived: String?, later: [String], sleeps: Sleeps
  ) -> HTTPResponseBody {
    let first = Mutex(arrived)
    let pieces = Mutex(later)
    return HTTPResponseBody(
      batches: {
        for _ in 0..<5_000 where sleeps.count.withLock({ $0 }) == 0 {
          try await Task.sleep(for: .milliseconds(1))
        }
        return pieces.withLock { $0.isEmpty ? nil : [Data($0.removeFirst().utf8)] }
      },
      arrived: {
        first.withLock { text in
          defer { text = nil }
          return text.map { [Data($0.utf8)] }
        }
      }, onCancel: {})
  }

  @Test func aReplyThatKeepsTheRelayWaitingGetsOneTickerForAllItsWaits() async {
    let sleeps = Sleeps()
    let pieces =
      [UpstreamScript.chunk("Hi"), UpstreamScript.chunk(" there"), UpstreamScript.finish()]
      + [UpstreamScript.usage(), UpstreamScript.done]
    let body = Self.body(arrived: nil, later: pieces, sleeps: sleeps)
    // The head went out alone before the first wait, and only then.
    #expect(await Self.relayWhole(body, sleeps: sleeps) == [0])
    #expect(sleeps.count.withLock { $0 } == 1)
  }

  /// A chunk that came with the head goes out with it; the head is not sent alone when the
  /// relay then waits for more.
  @Test func aRelayThatHasWrittenSendsNoEmptyWriteBeforeItWaits() async {
    let sleeps = Sleeps()
    let rest =
      [UpstreamScript.chunk(" there"), UpstreamScript.finish(), UpstreamScript.usage()]
      + [UpstreamScript.done]
    let body = Self.body(arrived: UpstreamScript.chunk("Hi"), later: rest, sleeps: sleeps)
    #expect(await Self.relayWhole(body, sleeps: sleeps) == [])
    #expect(sleeps.count.withLock { $0 } == 1)
  }

  /// A first batch that gives the client nothing (a comment) writes nothing, so the head
  /// still goes out alone before the relay waits.
  @Test func aFirstBatchWithoutFramesStillSendsTheHeadBeforeTheWait() async {
    let sleeps = Sleeps()
    let body = Self.body(arrived: ": processing\n\n", later: [Self.reply], sleeps: sleeps)
    #expect(await Self.relayWhole(body, sleeps: sleeps) == [0])
  }

  /// A client gone by the time the head is sent ends the relay at once: nothing more is
  /// written, no ticker starts and the upstream transfer is cancelled.
  @Test func aClientGoneAtTheHeadEndsTheRelay() async {
    let cancelled = Mutex(false)
    let body = HTTPResponseBody(
      batches: {
        Issue.record("the relay waited for the upstream")
        return nil
      },
      arrived: { nil }, onCancel: { cancelled.withLock { $0 = true } })
    let sleeps = Sleeps()
    let relay = StreamRelay(
      body: body, keepAliveInterval: .seconds(15), sleep: sleeps.sleep, now: { Date() })
    let writer = RecordingBodyWriter(hangUpAfter: 0)
    let (status, _) = await relay.run(writer: writer)
    #expect(status == .cancelled)
    #expect(writer.text.isEmpty)
    #expect(cancelled.withLock { $0 })
    #expect(sleeps.count.withLock { $0 } == 0)
  }

  /// A slow client holds a fast upstream back: each write carries at most one batch of the
  /// transfer's buffer, however fast the transfer refills it.
  @Test func aFastUpstreamIsHeldToTheBufferBoundByASlowClient() async throws {
    let mailbox = StreamMailbox(capacity: 16 * 1024)
    _ = try await mailbox.waitForHead {
      mailbox.deliverHead(ResponseHead(statusCode: 200, headers: HTTPHeaders(), url: nil))
    }
    // The transfer's side, as the pool runs it: a full buffer pauses it until the reader
    // makes room.
    let room = DispatchSemaphore(value: 0)
    mailbox.setRoomHandler { room.signal() }
    let piece = Array(UpstreamScript.chunk(String(repeating: "x", count: 200)).utf8)
    let pieces = 2_000
    let ending = Array((UpstreamScript.finish() + UpstreamScript.done).utf8)
    Thread {
      for bytes in Array(repeating: piece, count: pieces) + [ending] {
        while true {
          switch bytes.withUnsafeBytes({ mailbox.offer(bytes: $0) }) {
          case .taken: break
          case .full:
            room.wait()
            continue
          case .abandoned: return
          }
          break
        }
      }
      mailbox.finish(nil)
    }.start()
    let body = HTTPResponseBody(
      batches: { try await mailbox.nextChunks() }, arrived: { mailbox.chunksIfArrived() },
      onCancel: { mailbox.cancel(.cancelled) })
    let relay = StreamRelay(
      body: body, keepAliveInterval: .seconds(15), sleep: { try await Task.sleep(for: $0) },
      now: { Date() })
    let writer = SlowWriter()
    let (status, _) = await relay.run(writer: writer)
    #expect(status == .completed)
    let sizes = writer.sizes.withLock { $0 }
    #expect(sizes.reduce(0, +) == pieces * piece.count + ending.count)
    // The buffer's bound (half the capacity) plus the piece that passed it, with room for
    // the framing; reading past the bound would give writes of hundreds of kilobytes.
    #expect((sizes.max() ?? 0) <= 8 * 1024 + 2 * piece.count)
    #expect(sizes.count > pieces * piece.count / (16 * 1024))
  }
}

/// A client that takes each write a millisecond after it comes.
final class SlowWriter: BackendBodyWriter {
  let sizes = Mutex<[Int]>([])

  func write(_ bytes: [UInt8]) async throws {
    sizes.withLock { $0.append(bytes.count) }
    try await Task.sleep(for: .milliseconds(1))
  }
}
