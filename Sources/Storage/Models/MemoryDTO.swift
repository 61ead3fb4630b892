import Foundation

/// A short fact the assistant keeps across conversations; the user can list, edit and
/// delete them.
public struct MemoryDTO: Identifiable, Sendable, Equatable, Hashable {
  /// Who added a memory.
  public enum Source: String, Sendable, Codable, CaseIterable {
    /// The user typed it.
    case user
    /// The assistant extracted it from a conversation.
    case assistant
  }

  /// The stable identifier.
  public var id: UUID
  /// The fact.
  public var text: String
  /// When it was added (millisecond precision).
  public var createdAt: Date
  /// When it was last edited.
  public var updatedAt: Date
  /// Who added it, when known.
  public var source: Source?

  /// A memory value.
  public init(id: UUID, text: String, createdAt: Date, updatedAt: Date, source: Source? = nil) {
    self.id = id
    self.text = text
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.source = source
  }
}

/// How many messages the user sent: on one day and in total.
public struct UsageCounts: Sendable, Equatable, Hashable {
  /// The day the count is for, as the caller keyed it (e.g. `2026-06-01`).
  public var dayKey: String
  /// Messages sent on that day.
  public var messagesOnDay: Int
  /// Messages sent since the counter began.
  public var lifetimeMessages: Int

  /// Counts for a day.
  public init(dayKey: String, messagesOnDay: Int, lifetimeMessages: Int) {
    self.dayKey = dayKey
    self.messagesOnDay = messagesOnDay
    self.lifetimeMessages = lifetimeMessages
  }
}
