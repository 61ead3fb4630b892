import Foundation
import Storage

extension SyncOutboxItem {
  /// The push change for this item: `{"table","op","row","clocks"}` with every key of the
  /// table's row (docs/SYNC.md §1 and §3). `user_id` is the account pushing (the server
  /// ignores it), `change_seq` is `null` (the server numbers changes), and the row's
  /// `clocks` repeat the change's. A delete sends a tombstone: its blanked content keys,
  /// the ids and `created_at` the item still knows, and `deleted_at`.
  /// - Throws: `SyncWireError.invalidOutboxItem` for an upsert without its row, a row of
  ///   another table or id, a message still being written, or a time outside 0000-9999.
  func wireChange(account: UUID) throws(SyncWireError) -> SyncJSONWriter.Value {
    let clockValues = SyncJSONWriter.Value.object(
      clocks.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
    if let record {
      guard record.table == table, record.id == id else {
        throw .invalidOutboxItem("the row is not \(table.rawValue) \(id)")
      }
    }
    let row: [(String, SyncJSONWriter.Value)]
    switch operation {
    case .upsert:
      guard let record else { throw .invalidOutboxItem("an upsert without its row") }
      row = try Self.liveColumns(record)
    case .delete:
      row = try tombstoneColumns()
    }
    let common: [(String, SyncJSONWriter.Value)] = [
      ("id", .uuid(id)), ("user_id", .uuid(account)),
    ]
    let trailer: [(String, SyncJSONWriter.Value)] = [
      ("deleted_at", operation == .delete ? try Self.optionalTime(deletedAt) : .null),
      ("change_seq", .null), ("clocks", clockValues),
    ]
    return .object([
      ("table", .string(table.rawValue)), ("op", .string(operation.rawValue)),
      ("row", .object(common + row + trailer)), ("clocks", clockValues),
    ])
  }

  private static func liveColumns(
    _ record: SyncRecord
  ) throws(SyncWireError) -> [(String, SyncJSONWriter.Value)] {
    switch record {
    case .conversation(let conversation):
      return [
        ("title", .string(conversation.title)),
        ("persona_name", .optional(conversation.personaName)),
        ("persona_id", .optional(conversation.personaID)),
        ("is_pinned", .bool(conversation.isPinned)),
        ("is_archived", .bool(conversation.isArchived)),
        ("created_at", try time(conversation.createdAt)),
        ("updated_at", try time(conversation.updatedAt)),
      ]
    case .message(let message):
      guard !message.status.isInProgress else {
        throw .invalidOutboxItem("message \(message.id) is still \(message.status.rawValue)")
      }
      return [
        ("conversation_id", .uuid(message.conversationID)), ("parent_id", .uuid(message.parentID)),
        ("role", .string(message.role.rawValue)), ("content", .string(message.text)),
        ("status", .string(message.status.rawValue)), ("model", .optional(message.model)),
        ("finish_reason", .optional(message.finishReason)),
        ("prompt_tokens", .optional(message.promptTokens)),
        ("completion_tokens", .optional(message.completionTokens)),
        ("reasoning", .optional(message.reasoning)), ("error_code", .optional(message.errorCode)),
        ("created_at", try time(message.createdAt)),
      ]
    case .memory(let memory):
      return [
        ("content", .string(memory.text)), ("source", .optional(memory.source?.rawValue)),
        ("created_at", try time(memory.createdAt)), ("updated_at", try time(memory.updatedAt)),
      ]
    }
  }

  /// A tombstone's columns, keeping what the item still knows of the row.
  private func tombstoneColumns() throws(SyncWireError) -> [(String, SyncJSONWriter.Value)] {
    switch table {
    case .conversations:
      var createdAt = SyncJSONWriter.Value.null
      if case .conversation(let conversation) = record {
        createdAt = try Self.time(conversation.createdAt)
      }
      return [
        ("title", .string("")), ("persona_name", .null), ("persona_id", .null),
        ("is_pinned", .null), ("is_archived", .null), ("created_at", createdAt),
        ("updated_at", .null),
      ]
    case .messages:
      var conversationID: UUID?
      var parentID: UUID?
      var role = SyncJSONWriter.Value.null
      var createdAt = SyncJSONWriter.Value.null
      if case .message(let message) = record {
        conversationID = message.conversationID
        parentID = message.parentID
        role = .string(message.role.rawValue)
        createdAt = try Self.time(message.createdAt)
      }
      return [
        ("conversation_id", .uuid(conversationID)), ("parent_id", .uuid(parentID)),
        ("role", role), ("content", .string("")), ("status", .null), ("model", .null),
        ("finish_reason", .null), ("prompt_tokens", .null), ("completion_tokens", .null),
        ("reasoning", .null), ("error_code", .null), ("created_at", createdAt),
      ]
    case .memories:
      var createdAt = SyncJSONWriter.Value.null
      if case .memory(let memory) = record { createdAt = try Self.time(memory.createdAt) }
      return [
        ("content", .string("")), ("source", .null), ("created_at", createdAt),
        ("updated_at", .null),
      ]
    }
  }

  private static func time(_ date: Date) throws(SyncWireError) -> SyncJSONWriter.Value {
    guard let text = SyncWireTime.string(date) else {
      throw .invalidOutboxItem("a time outside the years 0000-9999")
    }
    return .string(text)
  }

  private static func optionalTime(_ date: Date?) throws(SyncWireError) -> SyncJSONWriter.Value {
    guard let date else { return .null }
    return try time(date)
  }
}
