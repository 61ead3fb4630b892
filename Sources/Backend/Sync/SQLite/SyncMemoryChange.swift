import JOSE

/// A checked change of `memories` and its merge into the stored row (the migration's
/// `push_memory`, in Swift).
struct SyncMemoryChange: SyncRowChange {
  static let mergeKeys: Set<String> = ["content", "source"]

  let operation: SyncOperation
  let clocks: SyncClocks
  let id: String
  let content: String
  let source: String?
  let createdAt: Int64?
  let updatedAt: Int64?
  let deletedAt: Int64?

  init(
    _ change: [String: StrictJSONValue], row: [String: StrictJSONValue],
    operation: SyncOperation, index: Int
  ) throws(SyncCallError) {
    let fields = SyncChangeFields(row: row, index: index)
    self.operation = operation
    clocks = try SyncChangeFields.clocks(of: change, keys: Self.mergeKeys, index: index)
    id = try fields.uuid("id", required: true) ?? ""
    content = try fields.text("content", limit: 100_000) ?? ""
    source = try fields.text("source", limit: 200)
    createdAt = try fields.time("created_at")
    updatedAt = try fields.time("updated_at")
    deletedAt = try fields.time("deleted_at")
  }

  func newRow(user: String, sequence: Int64, now: Int64) -> SyncedMemory {
    switch operation {
    case .delete:
      let deleted = deletedAt ?? now
      return SyncedMemory(
        id: id, userID: user, content: "", source: nil, createdAt: createdAt ?? deleted,
        updatedAt: updatedAt ?? deleted, deletedAt: deleted, changeSeq: sequence,
        clocks: clocks)
    case .upsert:
      return SyncedMemory(
        id: id, userID: user, content: content, source: source, createdAt: createdAt ?? now,
        updatedAt: updatedAt ?? createdAt ?? now, deletedAt: nil, changeSeq: sequence,
        clocks: clocks)
    }
  }

  func merge(
    into old: SyncedMemory, now: Int64
  ) -> (row: SyncedMemory, status: SyncMergeStatus) {
    var new = old
    new.createdAt = earliest(old.createdAt, createdAt)
    new.updatedAt = latest(old.updatedAt, updatedAt)
    new.clocks = old.clocks.merged(with: clocks)
    let status: SyncMergeStatus
    if operation == .delete {
      (new.deletedAt, status) = SyncMergeStatus.deleting(
        stored: old.deletedAt, incoming: deletedAt, now: now)
      new.content = ""
      new.source = nil
    } else if old.deletedAt != nil {
      status = .stale
    } else {
      var won = 0
      if old.clocks.isBeaten(at: "content", by: clocks) {
        new.content = content
        won += 1
      }
      if old.clocks.isBeaten(at: "source", by: clocks) {
        new.source = source
        won += 1
      }
      status = SyncMergeStatus.of(won: won, carried: clocks.count)
    }
    return (new, status)
  }
}
