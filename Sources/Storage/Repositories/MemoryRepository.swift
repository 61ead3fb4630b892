import Foundation

/// Memories the user can list, add, edit and delete.
public protocol MemoryRepository: Sendable {
  /// Every memory, newest first.
  /// - Throws: `StorageError` when the read fails.
  func list() async throws -> [MemoryDTO]

  /// Adds a memory with a new id and the current time.
  /// - Throws: `StorageError.invalidInput` for blank text.
  func add(text: String, source: MemoryDTO.Source?) async throws -> MemoryDTO

  /// Changes a memory's text and moves its `updatedAt` to now; returns the result.
  /// - Throws: `StorageError.notFound`, `.invalidInput` for blank text.
  func edit(id: UUID, text: String) async throws -> MemoryDTO

  /// Deletes a memory; a missing id does nothing.
  /// - Throws: `StorageError` when the write fails.
  func delete(id: UUID) async throws
}
