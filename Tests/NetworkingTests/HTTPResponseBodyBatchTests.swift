import Foundation
import Synchronization
import Testing

@testable import Networking

/// A body pulled in batches hands its chunks out one at a time, in order.
@Suite struct HTTPResponseBodyBatchTests {
  /// Hands out `batches` one per pull, then the end; counts the pulls.
  final class Batches: Sendable {
    let remaining: Mutex<[[Data]]>
    let pulls = Mutex(0)

    init(_ batches: [[Data]]) {
      remaining = Mutex(batches)
    }

    func pull() -> [Data]? {
      pulls.withLock { $0 += 1 }
      return remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
  }

  @Test func chunksComeOneAtATimeInOrderAndABatchIsPulledOnce() async throws {
    let source = Batches([[Data("a".utf8), Data("b".utf8)], [Data("c".utf8)]])
    let body = HTTPResponseBody(batches: { source.pull() }, onCancel: {})
    var chunks: [String] = []
    for try await chunk in body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
    #expect(chunks == ["a", "b", "c"])
    #expect(source.pulls.withLock { $0 } == 3)  // two batches and the end
  }

  @Test func whatHasArrivedIsHandedOutWithoutWaitingAndNothingMore() async throws {
    let source = Batches([[Data("a".utf8), Data("b".utf8), Data("c".utf8)], [Data("d".utf8)]])
    let body = HTTPResponseBody(batches: { source.pull() }, onCancel: {})
    var iterator = body.makeAsyncIterator()
    #expect(iterator.nextIfArrived() == nil)  // nothing pulled yet
    #expect(try await iterator.next() == Data("a".utf8))
    #expect(iterator.nextIfArrived() == Data("b".utf8))
    #expect(iterator.nextIfArrived() == Data("c".utf8))
    #expect(iterator.nextIfArrived() == nil)
    #expect(source.pulls.withLock { $0 } == 1)
    #expect(try await iterator.next() == Data("d".utf8))
    #expect(try await iterator.next() == nil)
  }
}
