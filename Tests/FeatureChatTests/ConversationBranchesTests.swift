import Core
import Foundation
import Storage
import TestSupport
import Testing

@testable import FeatureChat

/// Versions of messages without a view model: what retrying, regenerating and editing leave
/// behind, and an edit that cannot be stored putting the old branch back.
@MainActor
@Suite struct ConversationBranchesTests {
  private let clock = ManualClock()
  private let uuid = UUIDGenerator.incrementing(from: 1)

  private struct Fixture {
    var store: FaultyMessageRepository
    var branches: ConversationBranches
    var conversationID: UUID
  }

  private func fixture() async throws -> Fixture {
    let memory = InMemoryChatStore(clock: clock.appClock, uuid: uuid)
    let conversation = try await memory.create(title: "Chat", personaName: nil, personaID: nil)
    let store = FaultyMessageRepository(memory)
    return Fixture(
      store: store, branches: ConversationBranches(messages: store, logger: .disabled),
      conversationID: conversation.id)
  }

  private func message(
    _ text: String, _ role: MessageRole, parent: UUID?, in fixture: Fixture, second: Double,
    status: MessageStatus = .complete
  ) async throws -> MessageDTO {
    try await fixture.store.append(
      MessageDTO(
        id: uuid(), conversationID: fixture.conversationID, parentID: parent, role: role,
        text: text, createdAt: clock.now.addingTimeInterval(second), status: status))
  }

  private func activePath(_ fixture: Fixture) async throws -> [String] {
    try await fixture.store.page(conversationID: fixture.conversationID, before: nil, limit: 50)
      .items.reversed().map(\.text)
  }

  @Test func retryingAnEmptyFailedReplyDeletesItButKeepsOneWithTextAsAVersion() async throws {
    let fixture = try await fixture()
    let user = try await message("hi", .user, parent: nil, in: fixture, second: 0)
    let empty = try await message(
      "", .assistant, parent: user.id, in: fixture, second: 1, status: .failed)
    try await fixture.branches.retire(ChatMessage(empty))
    #expect(try await fixture.store.message(id: empty.id) == nil)

    let partial = try await message(
      "half", .assistant, parent: user.id, in: fixture, second: 2, status: .cancelled)
    try await fixture.branches.retire(ChatMessage(partial))
    #expect(try await activePath(fixture) == ["hi"])
    #expect(try await fixture.branches.versions(of: partial.id).map(\.id) == [partial.id])
  }

  @Test func anEditTakesTheOriginalsPlaceAndEitherVersionCanBeShown() async throws {
    let fixture = try await fixture()
    let original = try await message("helo", .user, parent: nil, in: fixture, second: 0)
    _ = try await message("reply", .assistant, parent: original.id, in: fixture, second: 1)

    let edited = try await fixture.branches.replace(ChatMessage(original)) {
      try await message("hello", .user, parent: nil, in: fixture, second: 2)
    }
    #expect(try await activePath(fixture) == ["hello"])
    #expect(
      Set(try await fixture.branches.versions(of: edited.id).map(\.id)) == [original.id, edited.id]
    )

    try await fixture.branches.show(original.id)
    #expect(try await activePath(fixture) == ["helo", "reply"])
  }

  @Test func anEditThatCannotBeStoredPutsTheOriginalBranchBack() async throws {
    let fixture = try await fixture()
    let original = try await message("helo", .user, parent: nil, in: fixture, second: 0)
    _ = try await message("reply", .assistant, parent: original.id, in: fixture, second: 1)

    await #expect(throws: AppError.decoding) {
      try await fixture.branches.replace(ChatMessage(original)) { throw AppError.decoding }
    }
    #expect(try await activePath(fixture) == ["helo", "reply"])
  }
}
