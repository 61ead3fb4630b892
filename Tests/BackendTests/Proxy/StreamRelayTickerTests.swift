import Foundation
import Synchronization
import Testing

@testable import Backend
@testable import Networking

/// The relay's keep-alive ticker starts the first time the relay has to wait for the
/// upstream: a reply that has arrived whole costs no ticker, one that keeps it waiting gets
/// one (and only one).
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
    let relay = StreamRelay(
      body: body, keepAliveInterval: .seconds(15), sleep: sleeps.sleep, now: { Date() })
    let writer = RecordingBodyWriter()
    let (status, _) = await relay.run(writer: writer)
    #expect(status == .completed)
    #expect(writer.text == Self.reply)
    #expect(sleeps.count.withLock { $0 } == 0)
  }

  @Test func aReplyThatKeepsTheRelayWaitingGetsOneTickerForAllItsWaits() async {
    let pieces = Mutex(
      [UpstreamScript.chunk("Hi"), UpstreamScript.chunk(" there"), UpstreamScript.finish()]
        + [UpstreamScript.usage(), UpstreamScript.done])
    let sleeps = Sleeps()
    let body = HTTPResponseBody(
      batches: {
        // Nothing has arrived when the relay asks: each piece comes after a wait, and the
        // first only once the ticker is sleeping (bounded, so a missing ticker fails below).
        for _ in 0..<5_000 where sleeps.count.withLock({ $0 }) == 0 {
          try await Task.sleep(for: .milliseconds(1))
        }
        return pieces.withLock { $0.isEmpty ? nil : [Data($0.removeFirst().utf8)] }
      },
      arrived: { nil }, onCancel: {})
    let relay = StreamRelay(
      body: body, keepAliveInterval: .seconds(15), sleep: sleeps.sleep, now: { Date() })
    let writer = RecordingBodyWriter()
    let (status, _) = await relay.run(writer: writer)
    #expect(status == .completed)
    #expect(writer.text == Self.reply)
    #expect(sleeps.count.withLock { $0 } == 1)
  }
}
