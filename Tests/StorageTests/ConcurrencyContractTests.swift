import Core
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Storage

/// Many tasks appending and paging at once: nothing is lost and no page is torn.
@Suite struct ConcurrencyContractTests {
  @Test(arguments: Backend.allCases)
  func appendersAndPagersNeverLoseOrTearMessages(backend: Backend) async throws {
    try await ChatHarness.run(backend, clock: .incrementing(from: Fixture.referenceDate, by: 0.001))
    {
      harness in
      let conversation = try await harness.conversation()
      for n in 1...100 { try await harness.append(n, to: conversation) }
      let acknowledged = IDSet(Set((1...100).map(messageID)))
      let messages = harness.messages
      let clock = harness.clock

      try await withThrowingTaskGroup(of: Void.self) { group in
        for writer in 0..<6 {
          group.addTask {
            for step in 0..<40 {
              let n = 1000 + writer * 100 + step
              let message = makeMessage(n, in: conversation.id, at: clock.now())
              _ = try await messages.append(message)
              acknowledged.insert(message.id)
            }
          }
        }
        for _ in 0..<3 {
          group.addTask {
            for _ in 0..<6 {
              let before = acknowledged.snapshot
              let pass = try await Self.pageThrough(messages, conversation.id, limit: 17)
              // No page is torn: strictly newest first, nothing repeated.
              #expect(pass == pass.sorted(by: messagePageOrder))
              #expect(Set(pass.map(\.id)).count == pass.count)
              // Nothing acknowledged before the pass started was skipped.
              #expect(before.isSubset(of: Set(pass.map(\.id))))
            }
          }
        }
        try await group.waitForAll()
      }
      #expect(try await messages.count(conversationID: conversation.id) == 100 + 6 * 40)
      let all = try await Self.pageThrough(messages, conversation.id, limit: 50)
      #expect(Set(all.map(\.id)) == acknowledged.snapshot)
    }
  }

  private static func pageThrough(
    _ messages: any MessageRepository, _ conversationID: UUID, limit: Int
  ) async throws -> [MessageDTO] {
    var result: [MessageDTO] = []
    var cursor: MessageCursor?
    repeat {
      let page = try await messages.page(
        conversationID: conversationID, before: cursor, limit: limit)
      #expect(page.items.count <= limit)
      result += page.items
      cursor = page.next
    } while cursor != nil
    return result
  }
}

/// A set of ids shared between tasks.
private final class IDSet: Sendable {
  private let ids: Mutex<Set<UUID>>

  init(_ ids: Set<UUID>) { self.ids = Mutex(ids) }

  func insert(_ id: UUID) { ids.withLock { _ = $0.insert(id) } }

  var snapshot: Set<UUID> { ids.withLock { $0 } }
}
