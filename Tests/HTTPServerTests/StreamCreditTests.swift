import Testing

@testable import HTTPServer

/// The flow control between a stream's producer and its loop, on its own.
@Suite struct StreamCreditTests {
  @Test func writesGoOnAtOnceUntilTheConnectionHoldsMoreThanTheLimit() throws {
    let credit = StreamCredit(limit: 100)
    #expect(try credit.reserve(60))
    #expect(try credit.reserve(40))
    // 101 bytes posted: this write is posted, then its producer waits.
    #expect(try !credit.reserve(1))
    // The loop took them all and sent all but 90: still over the limit with the next write.
    credit.settle(taken: 101, unsent: 90)
    #expect(try !credit.reserve(11))
  }

  @Test func aWaitingProducerGoesOnOnceTheLoopHasSentEnough() async throws {
    let credit = StreamCredit(limit: 100)
    #expect(try !credit.reserve(150))
    let waiting = Task { try await credit.waitForRoom() }
    // Taken, but the client has read only 40 of 150 bytes: 110 still held.
    credit.settle(taken: 150, unsent: 110)
    try await Task.sleep(for: .milliseconds(50))
    credit.settle(taken: 0, unsent: 100)
    try await waiting.value
    // With room already, the wait returns at once.
    try await credit.waitForRoom()
  }

  @Test func closingFailsTheWaitingProducerAndEveryLaterWrite() async throws {
    let credit = StreamCredit(limit: 10)
    #expect(try !credit.reserve(20))
    let waiting = Task { try await credit.waitForRoom() }
    try await Task.sleep(for: .milliseconds(20))
    credit.close()
    await #expect(throws: HTTPBodyWriterError.clientGone) { try await waiting.value }
    #expect(throws: HTTPBodyWriterError.clientGone) { try credit.reserve(1) }
    // An empty write checks the same way (`ConnectionBodyWriter` reserves nothing for it).
    #expect(throws: HTTPBodyWriterError.clientGone) { try credit.reserve(0) }
    await #expect(throws: HTTPBodyWriterError.clientGone) { try await credit.waitForRoom() }
  }
}
