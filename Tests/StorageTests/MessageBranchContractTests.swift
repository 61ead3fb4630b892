import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

/// Editing and regenerating keep old messages as branches of the conversation tree.
@Suite struct MessageBranchContractTests {
  private func activeIDs(
    _ harness: ChatHarness, _ conversation: ConversationDTO
  ) async throws
    -> [UUID]
  {
    try await harness.messages.page(conversationID: conversation.id, before: nil, limit: 100)
      .items.reversed().map(\.id)
  }

  @Test(arguments: Backend.allCases)
  func editingAMessageStartsABranchAndTheOldOneCanComeBack(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      try await harness.append(1, to: conversation)
      try await harness.append(2, to: conversation, role: .assistant)
      let question = try await harness.append(3, to: conversation)
      try await harness.append(4, to: conversation, role: .assistant)

      try await harness.messages.detachFromActivePath(messageID: question.id)
      #expect(try await activeIDs(harness, conversation) == [1, 2].map(messageID))
      let edited = try await harness.append(5, to: conversation, text: "edited question")
      #expect(edited.parentID == messageID(2))
      try await harness.append(6, to: conversation, role: .assistant)
      #expect(try await activeIDs(harness, conversation) == [1, 2, 5, 6].map(messageID))

      let versions = try await harness.messages.alternatives(to: edited.id)
      #expect(versions.map(\.id) == [messageID(3), messageID(5)])
      #expect(versions.map(\.isOnActivePath) == [false, true])

      try await harness.messages.activateBranch(messageID: question.id)
      #expect(try await activeIDs(harness, conversation) == [1, 2, 3, 4].map(messageID))
      #expect(try await harness.messages.count(conversationID: conversation.id) == 4)
      #expect(try await harness.messages.allMessages(conversationID: conversation.id).count == 6)
    }
  }

  @Test(arguments: Backend.allCases)
  func regeneratingAReplyKeepsTheOldReplyAsAnAlternative(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let question = try await harness.append(1, to: conversation)
      let reply = try await harness.append(2, to: conversation, role: .assistant)
      try await harness.messages.detachFromActivePath(messageID: reply.id)
      try await harness.messages.detachFromActivePath(messageID: reply.id)  // idempotent
      let regenerated = try await harness.append(3, to: conversation, role: .assistant)
      #expect(regenerated.parentID == question.id)
      #expect(
        try await harness.messages.alternatives(to: reply.id).map(\.id) == [
          reply.id, regenerated.id,
        ])
      #expect(try await activeIDs(harness, conversation) == [question.id, regenerated.id])
    }
  }

  @Test(arguments: Backend.allCases)
  func editingTheFirstMessageMakesSiblingRoots(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let first = try await harness.append(1, to: conversation)
      try await harness.append(2, to: conversation, role: .assistant)
      try await harness.messages.detachFromActivePath(messageID: first.id)
      #expect(try await activeIDs(harness, conversation).isEmpty)
      let replacement = try await harness.append(3, to: conversation)
      #expect(replacement.parentID == nil)
      #expect(
        try await harness.messages.alternatives(to: first.id).map(\.id) == [
          first.id, replacement.id,
        ])
    }
  }

  @Test(arguments: Backend.allCases)
  func activatingABranchFollowsTheNewestChildDownTheTree(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let base = Fixture.date(2026, 7, 1)
      func at(_ seconds: Double) -> Date { base.addingTimeInterval(seconds) }
      // 1 ─┬─ 2 ── 4
      //    └─ 3 ─┬─ 5
      //          └─ 6 (newest child of 3)
      try await harness.messages.insertMessages([
        makeMessage(1, in: conversation.id, at: at(1)),
        makeMessage(2, in: conversation.id, at: at(2), parent: messageID(1), onPath: false),
        makeMessage(3, in: conversation.id, at: at(3), parent: messageID(1)),
        makeMessage(4, in: conversation.id, at: at(4), parent: messageID(2), onPath: false),
        makeMessage(5, in: conversation.id, at: at(5), parent: messageID(3), onPath: false),
        makeMessage(6, in: conversation.id, at: at(6), parent: messageID(3)),
      ])
      try await harness.messages.activateBranch(messageID: messageID(2))
      #expect(try await activeIDs(harness, conversation) == [1, 2, 4].map(messageID))
      try await harness.messages.activateBranch(messageID: messageID(3))
      #expect(try await activeIDs(harness, conversation) == [1, 3, 6].map(messageID))
      try await harness.messages.activateBranch(messageID: messageID(5))
      #expect(try await activeIDs(harness, conversation) == [1, 3, 5].map(messageID))
    }
  }

  @Test(arguments: Backend.allCases)
  func branchOperationsOnUnknownMessagesThrowNotFound(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      await expectStorageError(.notFound("message")) {
        try await harness.messages.detachFromActivePath(messageID: messageID(404))
      }
      await expectStorageError(.notFound("message")) {
        _ = try await harness.messages.alternatives(to: messageID(404))
      }
      await expectStorageError(.notFound("message")) {
        try await harness.messages.activateBranch(messageID: messageID(404))
      }
    }
  }

  @Test func aParentCycleInDamagedDataEndsTheWalk() {
    let a = Fixture.uuid(1)
    let b = Fixture.uuid(2)
    let nodes = [
      BranchPath.Node(id: a, parentID: b, createdAt: Fixture.referenceDate),
      BranchPath.Node(id: b, parentID: a, createdAt: Fixture.referenceDate),
    ]
    #expect(BranchPath.path(through: a, in: nodes) == [b, a])
  }
}
