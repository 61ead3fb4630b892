import Core
import Foundation

/// The in-memory twin of `SQLiteMemoryRepository`.
public actor InMemoryMemoryRepository: MemoryRepository {
  private let clock: AppClock
  private let uuid: UUIDGenerator
  private var memories: [UUID: MemoryDTO] = [:]

  /// An empty repository that stamps memories with `clock` and `uuid`.
  public init(clock: AppClock, uuid: UUIDGenerator) {
    self.clock = clock
    self.uuid = uuid
  }

  /// Every memory, newest first.
  public func list() -> [MemoryDTO] {
    memories.values.sorted { isNewer(($0.createdAt, $0.id), than: ($1.createdAt, $1.id)) }
  }

  /// Adds a memory with a new id and the current time.
  /// - Throws: `StorageError.invalidInput` for blank text.
  public func add(text: String, source: MemoryDTO.Source?) throws -> MemoryDTO {
    let now = StorageTime.normalized(clock.now())
    let memory = MemoryDTO(
      id: uuid(), text: try Validation.memoryText(text), createdAt: now, updatedAt: now,
      source: source)
    if memories[memory.id] != nil { throw StorageError.alreadyExists("memory") }
    memories[memory.id] = memory
    return memory
  }

  /// Changes a memory's text and moves its `updatedAt` to now; returns the result.
  /// - Throws: `StorageError.notFound`, `.invalidInput` for blank text.
  public func edit(id: UUID, text: String) throws -> MemoryDTO {
    let text = try Validation.memoryText(text)
    guard var memory = memories[id] else { throw StorageError.notFound("memory") }
    memory.text = text
    memory.updatedAt = StorageTime.normalized(clock.now())
    memories[id] = memory
    return memory
  }

  /// Deletes a memory; a missing id does nothing.
  public func delete(id: UUID) {
    memories[id] = nil
  }
}
