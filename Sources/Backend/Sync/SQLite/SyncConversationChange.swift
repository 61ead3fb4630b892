import JOSE

/// A checked change of `conversations` and its merge into the stored row (the migration's
/// `push_conversation`, in Swift).
struct SyncConversationChange: SyncRowChange {
  static let mergeKeys: Set<String> = ["title", "persona", "is_pinned", "is_archived"]

  let operation: SyncOperation
  let clocks: SyncClocks
  let id: String
  let title: String
  let personaName: String?
  let personaID: String?
  let isPinned: Bool?
  let isArchived: Bool?
  let createdAt: Int64?
  let updatedAt: Int64?
  let deletedAt: Int64?

  /// Reads the change's fields in the order the SQL function does, so the first problem
  /// found is the same on both stores.
  init(
    _ change: [String: StrictJSONValue], row: [String: StrictJSONValue],
    operation: SyncOperation, index: Int
  ) throws(SyncCallError) {
    let fields = SyncChangeFields(row: row, index: index)
    self.operation = operation
    clocks = try SyncChangeFields.clocks(of: change, keys: Self.mergeKeys, index: index)
    id = try fields.uuid("id", required: true) ?? ""
    title = try fields.text("title", limit: 1000) ?? ""
    personaName = try fields.text("persona_name", limit: 1000)
    personaID = try fields.text("persona_id", limit: 1000)
    isPinned = try fields.boolean("is_pinned")
    isArchived = try fields.boolean("is_archived")
    createdAt = try fields.time("created_at")
    updatedAt = try fields.time("updated_at")
    deletedAt = try fields.time("deleted_at")
  }

  /// The row to store when nothing is stored under the id.
  func newRow(user: String, sequence: Int64, now: Int64) -> SyncedConversation {
    switch operation {
    case .delete:
      let deleted = deletedAt ?? now
      return SyncedConversation(
        id: id, userID: user, title: "", personaName: nil, personaID: nil, isPinned: nil,
        isArchived: nil, createdAt: createdAt ?? deleted, updatedAt: updatedAt ?? deleted,
        deletedAt: deleted, changeSeq: sequence, clocks: clocks)
    case .upsert:
      return SyncedConversation(
        id: id, userID: user, title: title, personaName: personaName, personaID: personaID,
        isPinned: isPinned, isArchived: isArchived, createdAt: createdAt ?? now,
        updatedAt: updatedAt ?? createdAt ?? now, deletedAt: nil, changeSeq: sequence,
        clocks: clocks)
    }
  }

  /// The stored row after this change, and the change's status.
  func merge(
    into old: SyncedConversation, now: Int64
  ) -> (row: SyncedConversation, status: SyncMergeStatus) {
    var new = old
    new.createdAt = earliest(old.createdAt, createdAt)
    new.updatedAt = latest(old.updatedAt, updatedAt)
    new.clocks = old.clocks.merged(with: clocks)
    let status: SyncMergeStatus
    if operation == .delete {
      (new.deletedAt, status) = SyncMergeStatus.deleting(
        stored: old.deletedAt, incoming: deletedAt, now: now)
      new.title = ""
      new.personaName = nil
      new.personaID = nil
      new.isPinned = nil
      new.isArchived = nil
    } else if old.deletedAt != nil {
      status = .stale
    } else {
      var won = 0
      if old.clocks.isBeaten(at: "title", by: clocks) {
        new.title = title
        won += 1
      }
      if old.clocks.isBeaten(at: "persona", by: clocks) {
        new.personaName = personaName
        new.personaID = personaID
        won += 1
      }
      if old.clocks.isBeaten(at: "is_pinned", by: clocks) {
        new.isPinned = isPinned
        won += 1
      }
      if old.clocks.isBeaten(at: "is_archived", by: clocks) {
        new.isArchived = isArchived
        won += 1
      }
      status = SyncMergeStatus.of(won: won, carried: clocks.count)
    }
    return (new, status)
  }
}
