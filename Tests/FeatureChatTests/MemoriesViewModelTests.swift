import Core
import FeatureChat
import Foundation
import Storage
import TestSupport
import Testing

@MainActor @Suite struct MemoriesViewModelTests {
  /// A memory repository whose writes fail.
  struct BrokenMemories: MemoryRepository {
    func list() async throws -> [MemoryDTO] { throw StorageError.busy }
    func add(text: String, source: MemoryDTO.Source?) async throws -> MemoryDTO {
      throw StorageError.diskFull
    }
    func edit(id: UUID, text: String) async throws -> MemoryDTO { throw StorageError.diskFull }
    func delete(id: UUID) async throws { throw StorageError.diskFull }
  }

  @Test func addListEditAndDeleteFacts() async throws {
    let clock = ManualClock()
    let repository = InMemoryMemoryRepository(clock: clock.appClock, uuid: .incrementing(from: 1))
    let model = MemoriesViewModel(repository: repository)
    await model.load()
    #expect(model.memories.isEmpty)
    #expect(model.loadState == .loaded)

    let first = try #require(await model.addButtonTapped("Lives in Lisbon"))
    await clock.advance(by: .seconds(1))
    let second = try #require(await model.addButtonTapped(" Likes tea "))
    #expect(model.memories.map(\.text) == ["Likes tea", "Lives in Lisbon"])
    #expect(second.source == .user)
    #expect(await model.addButtonTapped("   ") == nil)

    await model.edit(id: first.id, text: "Lives in Porto")
    #expect(model.memories.map(\.text) == ["Likes tea", "Lives in Porto"])
    await model.deleteButtonTapped(id: second.id)
    #expect(model.memories.map(\.text) == ["Lives in Porto"])

    await model.load()
    #expect(await repository.list().map(\.text) == ["Lives in Porto"])
    #expect(model.memories.map(\.text) == ["Lives in Porto"])
  }

  @Test func forgetAllRemovesEveryFact() async throws {
    let clock = ManualClock()
    let repository = InMemoryMemoryRepository(clock: clock.appClock, uuid: .incrementing(from: 1))
    let model = MemoriesViewModel(repository: repository)
    for text in ["a", "b", "c"] { await model.addButtonTapped(text) }
    await model.forgetAllButtonTapped()
    #expect(model.memories.isEmpty)
    #expect(await repository.list().isEmpty)
  }

  @Test func failuresAreShownNotSwallowed() async throws {
    let model = MemoriesViewModel(repository: BrokenMemories())
    await model.load()
    #expect(model.loadState == .failed(.storage(.busy)))
    #expect(await model.addButtonTapped("x") == nil)
    #expect(model.failure?.error == .storage(.diskFull))
    model.dismissFailure()
    #expect(model.failure == nil)
  }
}
