import Foundation
import Storage

extension SyncServerRow {
  /// Reads a row of `table` exactly as docs/SYNC.md §1 lists its keys. A tombstone
  /// (`deleted_at` not `null`) keeps its ids, clocks and `change_seq`; its blanked content
  /// keys must be present but are not read.
  /// - Throws: `SyncWireError` naming the first key that is absent, of the wrong type or
  ///   out of bounds.
  static func wire(_ object: SyncWireObject, table: SyncTable) throws(SyncWireError) -> Self {
    let id = try object.uuid("id")
    _ = try object.optionalUUID("user_id")
    let deletedAt = try object.optionalTime("deleted_at")
    let changeSequence = try object.integer("change_seq")
    guard changeSequence > 0 else {
      throw .invalidValue(object.path("change_seq"), reason: "not positive")
    }
    let clocks = try object.clocks("clocks", table: table)
    let record: SyncRecord?
    if deletedAt != nil {
      for key in contentKeys(table) { _ = try object.isNull(key) }
      record = nil
    } else {
      record = try liveRecord(object, table: table, id: id)
    }
    return SyncServerRow(
      table: table, id: id, record: record, deletedAt: deletedAt, clocks: clocks,
      changeSequence: changeSequence)
  }

  /// Every key of `table` besides the ones each row reads: present in tombstones too.
  private static func contentKeys(_ table: SyncTable) -> [String] {
    switch table {
    case .conversations:
      [
        "title", "persona_name", "persona_id", "is_pinned", "is_archived", "created_at",
        "updated_at",
      ]
    case .messages:
      [
        "conversation_id", "parent_id", "role", "content", "status", "model", "finish_reason",
        "prompt_tokens", "completion_tokens", "reasoning", "error_code", "created_at",
      ]
    case .memories: ["content", "source", "created_at", "updated_at"]
    }
  }

  private static func liveRecord(
    _ object: SyncWireObject, table: SyncTable, id: UUID
  ) throws(SyncWireError) -> SyncRecord {
    switch table {
    case .conversations: .conversation(try conversation(object, id: id))
    case .messages: .message(try message(object, id: id))
    case .memories: .memory(try memory(object, id: id))
    }
  }

  private static func conversation(
    _ object: SyncWireObject, id: UUID
  ) throws(SyncWireError) -> ConversationDTO {
    ConversationDTO(
      id: id, title: try object.string("title", maximumLength: SyncRowLimits.title),
      personaName: try object.optionalString("persona_name", maximumLength: SyncRowLimits.title),
      personaID: try object.optionalString("persona_id", maximumLength: SyncRowLimits.title),
      createdAt: try object.time("created_at"), updatedAt: try object.time("updated_at"),
      isPinned: try object.bool("is_pinned"), isArchived: try object.bool("is_archived"))
  }

  private static func message(
    _ object: SyncWireObject, id: UUID
  ) throws(SyncWireError) -> MessageDTO {
    let role = try object.string("role", maximumLength: SyncRowLimits.label)
    guard !role.isEmpty else { throw .invalidValue(object.path("role"), reason: "empty") }
    let statusText = try object.string("status", maximumLength: SyncRowLimits.label)
    guard let status = MessageStatus(rawValue: statusText), !status.isInProgress else {
      throw .invalidValue(object.path("status"), reason: "not complete, failed or cancelled")
    }
    return MessageDTO(
      id: id, conversationID: try object.uuid("conversation_id"),
      parentID: try object.optionalUUID("parent_id"), role: MessageRole(rawValue: role),
      text: try object.string("content", maximumLength: SyncRowLimits.messageContent),
      createdAt: try object.time("created_at"), status: status,
      model: try object.optionalString("model", maximumLength: SyncRowLimits.label),
      finishReason: try object.optionalString("finish_reason", maximumLength: SyncRowLimits.label),
      promptTokens: try object.optionalCount("prompt_tokens"),
      completionTokens: try object.optionalCount("completion_tokens"),
      reasoning: try object.optionalString(
        "reasoning", maximumLength: SyncRowLimits.messageContent),
      errorCode: try object.optionalString("error_code", maximumLength: SyncRowLimits.label))
  }

  private static func memory(
    _ object: SyncWireObject, id: UUID
  ) throws(SyncWireError) -> MemoryDTO {
    let source = try object.optionalString("source", maximumLength: SyncRowLimits.label)
    return MemoryDTO(
      id: id, text: try object.string("content", maximumLength: SyncRowLimits.memoryContent),
      createdAt: try object.time("created_at"), updatedAt: try object.time("updated_at"),
      // A source this version does not know is kept as unknown rather than refusing the row.
      source: source.flatMap(MemoryDTO.Source.init(rawValue:)))
  }
}
