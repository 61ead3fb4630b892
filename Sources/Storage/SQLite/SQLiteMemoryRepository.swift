import Core
import Foundation

/// `MemoryRepository` over a `StorageDatabase`.
public struct SQLiteMemoryRepository: MemoryRepository {
  private let database: StorageDatabase
  private let clock: AppClock
  private let uuid: UUIDGenerator

  private static let columns = "id, text, created_at, updated_at, source"

  /// A repository over `database` that stamps memories with `clock` and `uuid`.
  public init(database: StorageDatabase, clock: AppClock, uuid: UUIDGenerator) {
    self.database = database
    self.clock = clock
    self.uuid = uuid
  }

  /// Every memory, newest first.
  /// - Throws: `StorageError` when the read fails.
  public func list() async throws -> [MemoryDTO] {
    try await database.read { connection in
      try connection.query(
        "SELECT \(Self.columns) FROM memories ORDER BY created_at DESC, id DESC",
        map: Self.decode)
    }
  }

  /// Adds a memory with a new id and the current time.
  /// - Throws: `StorageError.invalidInput` for blank text.
  public func add(text: String, source: MemoryDTO.Source?) async throws -> MemoryDTO {
    let now = StorageTime.normalized(clock.now())
    let memory = MemoryDTO(
      id: uuid(), text: try Validation.memoryText(text), createdAt: now, updatedAt: now,
      source: source)
    try await database.write { connection in
      try connection.run(
        "INSERT INTO memories (\(Self.columns)) VALUES (?, ?, ?, ?, ?)", memory.id, memory.text,
        memory.createdAt, memory.updatedAt, memory.source?.rawValue)
    }
    return memory
  }

  /// Changes a memory's text and moves its `updatedAt` to now; returns the result.
  /// - Throws: `StorageError.notFound`, `.invalidInput` for blank text.
  public func edit(id: UUID, text: String) async throws -> MemoryDTO {
    let text = try Validation.memoryText(text)
    let now = StorageTime.normalized(clock.now())
    return try await database.write { connection in
      if try connection.run(
        "UPDATE memories SET text = ?, updated_at = ? WHERE id = ?", text, now, id)
        == 0
      {
        throw StorageError.notFound("memory")
      }
      guard
        let memory = try connection.first(
          "SELECT \(Self.columns) FROM memories WHERE id = ?", id, map: Self.decode)
      else { throw StorageError.notFound("memory") }
      return memory
    }
  }

  /// Deletes a memory; a missing id does nothing.
  /// - Throws: `StorageError` when the write fails.
  public func delete(id: UUID) async throws {
    try await database.write { connection in
      try connection.run("DELETE FROM memories WHERE id = ?", id)
    }
  }

  private static func decode(_ row: SQLiteRow) throws -> MemoryDTO {
    MemoryDTO(
      id: try row.uuid(0), text: row.string(1), createdAt: row.date(2), updatedAt: row.date(3),
      source: row.optionalString(4).flatMap(MemoryDTO.Source.init(rawValue:)))
  }
}
