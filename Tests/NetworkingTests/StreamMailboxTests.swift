import Foundation
import Synchronization
import Testing

@testable import Networking

/// The bounded hand-over between a transfer thread and a stream's reader.
@Suite struct StreamMailboxTests {
  /// Runs `work` on a thread of its own (the transfer side blocks, which Swift concurrency's
  /// threads must never do) and returns its result.
  private func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }

  /// Offers `bytes` as a pooled transfer does (from a buffer it keeps).
  private func offer(_ bytes: [UInt8], to mailbox: StreamMailbox) -> StreamMailbox.Offer {
    bytes.withUnsafeBytes { mailbox.offer(bytes: $0) }
  }

  private func openMailbox(capacity: Int) async throws -> StreamMailbox {
    let mailbox = StreamMailbox(capacity: capacity)
    _ = try await mailbox.waitForHead {
      mailbox.deliverHead(ResponseHead(statusCode: 200, headers: HTTPHeaders(), url: nil))
    }
    return mailbox
  }

  /// Pieces offered while a chunk waits join it, so one network read reaches the reader as
  /// one chunk. An offer to a full buffer keeps nothing and calls for more once the reader
  /// has taken what waits (once per full offer).
  @Test func piecesJoinTheWaitingChunkAndAFullBufferCallsForMoreOnceTaken() async throws {
    let mailbox = try await openMailbox(capacity: 16)
    // The buffer holds half the capacity: the reader may still hold the batch it took.
    let calls = Mutex(0)
    mailbox.setRoomHandler { calls.withLock { $0 += 1 } }
    for index in 0..<4 { #expect(offer([UInt8(index), UInt8(index)], to: mailbox) == .taken) }
    #expect(offer([7, 7], to: mailbox) == .full)
    #expect(mailbox.retainedSlots == 1)
    #expect(calls.withLock { $0 } == 0)
    // A reader that fell behind takes everything buffered in one step, in order.
    #expect(try await mailbox.nextChunks() == [Data([0, 0, 1, 1, 2, 2, 3, 3])])
    #expect(mailbox.retainedSlots == 0)
    #expect(calls.withLock { $0 } == 1)
    // A reader already waiting is handed the piece itself.
    async let next = mailbox.nextChunks()
    while !mailbox.hasWaitingReader { await Task.yield() }
    #expect(offer([9], to: mailbox) == .taken)
    #expect(try await next == [Data([9])])
    #expect(calls.withLock { $0 } == 1)
    mailbox.cancel(.cancelled)
    #expect(offer([1], to: mailbox) == .abandoned)
  }

  /// What has arrived is taken without waiting, with the same room call as a waiting
  /// take; nothing arrived, or an exchange ended by the reader, gives `nil`.
  @Test func chunksThatHaveArrivedAreTakenWithoutWaiting() async throws {
    let mailbox = try await openMailbox(capacity: 16)
    let calls = Mutex(0)
    mailbox.setRoomHandler { calls.withLock { $0 += 1 } }
    #expect(mailbox.chunksIfArrived() == nil)
    for index in 0..<4 { #expect(offer([UInt8(index)], to: mailbox) == .taken) }
    #expect(offer([UInt8](repeating: 5, count: 8), to: mailbox) == .taken)
    #expect(offer([9], to: mailbox) == .full)
    #expect(mailbox.chunksIfArrived() == [Data([0, 1, 2, 3, 5, 5, 5, 5, 5, 5, 5, 5])])
    #expect(calls.withLock { $0 } == 1)
    #expect(mailbox.chunksIfArrived() == nil)
    #expect(offer([9], to: mailbox) == .taken)
    mailbox.cancel(.cancelled)
    #expect(mailbox.chunksIfArrived() == nil)
  }

  @Test func aFullBufferHoldsTheTransferUntilTheReaderTakesAChunk() async throws {
    let mailbox = try await openMailbox(capacity: 16)
    let expired = HTTPError.cancelled
    #expect(mailbox.deliver(Data(count: 8), deadline: nil, expired: expired))
    let delivered = Flag()
    let second = Task {
      await onThread {
        let taken = mailbox.deliver(Data([1, 2, 3]), deadline: nil, expired: expired)
        delivered.raise()
        return taken
      }
    }
    try await Task.sleep(for: .milliseconds(150))
    #expect(!delivered.isRaised)

    #expect(try await mailbox.nextChunks()?.map(\.count) == [8])
    #expect(await second.value)
    #expect(try await mailbox.nextChunks() == [Data([1, 2, 3])])
  }

  @Test func cancellingWakesATransferWaitingForRoomAndDropsWhatWasBuffered() async throws {
    let mailbox = try await openMailbox(capacity: 4)
    #expect(mailbox.deliver(Data(count: 4), deadline: nil, expired: .cancelled))
    let waiting = Task {
      await onThread { mailbox.deliver(Data(count: 4), deadline: nil, expired: .cancelled) }
    }
    try await Task.sleep(for: .milliseconds(50))
    mailbox.cancel(.cancelled)
    #expect(await waiting.value == false)
    #expect(mailbox.cancellation == .cancelled)
    await #expect(throws: HTTPError.cancelled) { try await mailbox.nextChunks() }
  }

  @Test func aTimeoutStillHandsOutWhatArrivedBeforeIt() async throws {
    let mailbox = try await openMailbox(capacity: 1024)
    #expect(mailbox.deliver(Data("data: 1\n\n".utf8), deadline: nil, expired: .cancelled))
    let timeout = HTTPError.transport(code: URLErrorCode.timedOut, message: "idle")
    mailbox.cancel(timeout, keepingBuffered: true)
    #expect(try await mailbox.nextChunks() == [Data("data: 1\n\n".utf8)])
    await #expect(throws: timeout) { try await mailbox.nextChunks() }
  }

  @Test func theTotalDeadlineEndsAWaitForRoom() async throws {
    let mailbox = try await openMailbox(capacity: 1)
    #expect(mailbox.deliver(Data(count: 1), deadline: nil, expired: .cancelled))
    let expired = HTTPError.transport(code: URLErrorCode.timedOut, message: "total")
    let taken = await onThread {
      mailbox.deliver(Data(count: 1), deadline: Date().addingTimeInterval(0.1), expired: expired)
    }
    #expect(!taken)
    #expect(mailbox.cancellation == expired)
  }

  @Test func aBodyEndsAfterItsLastChunkWithTheTransfersOutcome() async throws {
    let mailbox = try await openMailbox(capacity: 1024)
    #expect(mailbox.deliver(Data("a".utf8), deadline: nil, expired: .cancelled))
    let lost = HTTPError.transport(code: URLErrorCode.networkConnectionLost, message: "lost")
    mailbox.finish(lost)
    #expect(try await mailbox.nextChunks() == [Data("a".utf8)])
    await #expect(throws: lost) { try await mailbox.nextChunks() }

    let clean = try await openMailbox(capacity: 1024)
    clean.finish(nil)
    #expect(try await clean.nextChunks() == nil)
  }

  @Test func aReaderThatIsCancelledWhileWaitingEndsWithCancelled() async throws {
    let mailbox = try await openMailbox(capacity: 1024)
    let reader = Task { try await mailbox.nextChunks() }
    try await Task.sleep(for: .milliseconds(50))
    reader.cancel()
    await #expect(throws: HTTPError.cancelled) { try await reader.value }
    #expect(mailbox.cancellation == .cancelled)
  }

  @Test func theTransfersFailureBeforeAHeadReachesTheHeadsWaiter() async throws {
    let mailbox = StreamMailbox(capacity: 16)
    let refused = HTTPError.transport(code: URLErrorCode.cannotConnectToHost, message: "refused")
    await #expect(throws: refused) {
      try await mailbox.waitForHead { mailbox.finish(refused) }
    }
  }

  @Test func aBufferThatNeverDrainsDoesNotKeepTheChunksItHandedOut() async throws {
    let mailbox = try await openMailbox(capacity: 1 << 20)
    // The transfer stays one chunk ahead of the reader for 1,000 chunks.
    #expect(mailbox.deliver(Data(count: 16), deadline: nil, expired: .cancelled))
    for _ in 0..<1000 {
      #expect(mailbox.deliver(Data(count: 16), deadline: nil, expired: .cancelled))
      _ = try await mailbox.nextChunks()
    }
    #expect(mailbox.retainedSlots <= 64)
  }
}

/// A flag one thread raises and another reads.
private final class Flag: Sendable {
  private let raised = Mutex(false)

  func raise() { raised.withLock { $0 = true } }

  var isRaised: Bool { raised.withLock { $0 } }
}
