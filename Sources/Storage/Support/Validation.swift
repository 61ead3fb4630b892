import Foundation

/// Input checks shared by the SQLite repositories and the in-memory twins, so both reject
/// the same things with the same errors.
enum Validation {
  /// A trimmed, non-blank conversation title.
  static func title(_ title: String) throws -> String {
    let trimmed = TextFolding.trimmed(title)
    if trimmed.isEmpty { throw StorageError.invalidInput("A title cannot be empty.") }
    return trimmed
  }

  /// A trimmed, non-blank memory text.
  static func memoryText(_ text: String) throws -> String {
    let trimmed = TextFolding.trimmed(text)
    if trimmed.isEmpty { throw StorageError.invalidInput("A memory cannot be empty.") }
    return trimmed
  }

  /// A page size of at least 1.
  static func limit(_ limit: Int) throws {
    if limit < 1 { throw StorageError.invalidInput("A page size must be at least 1.") }
  }

  /// Every message belongs to `conversationID`.
  static func belong(_ messages: [MessageDTO], to conversationID: UUID) throws {
    if messages.contains(where: { $0.conversationID != conversationID }) {
      throw StorageError.invalidInput("A message belongs to another conversation.")
    }
  }

  /// A non-blank usage day key.
  static func dayKey(_ key: String) throws {
    if TextFolding.trimmed(key).isEmpty {
      throw StorageError.invalidInput("A usage day key cannot be empty.")
    }
  }
}
