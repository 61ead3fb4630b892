import JOSE

/// A checked change of `messages` and its merge into the stored row (the migration's
/// `push_message`, in Swift). Messages are append-only by id: only the `body` key's
/// columns ever change, and a message is stored only under a live conversation.
struct SyncMessageChange: SyncRowChange {
  static let mergeKeys: Set<String> = ["body"]
  static let finishedStatuses: Set<String> = ["complete", "failed", "cancelled"]

  let operation: SyncOperation
  let clocks: SyncClocks
  let id: String
  let conversationID: String?
  let parentID: String?
  let role: String?
  let body: SyncedMessage.Body
  let createdAt: Int64?
  let deletedAt: Int64?

  init(
    _ change: [String: StrictJSONValue], row: [String: StrictJSONValue],
    operation: SyncOperation, index: Int
  ) throws(SyncCallError) {
    let fields = SyncChangeFields(row: row, index: index)
    self.operation = operation
    clocks = try SyncChangeFields.clocks(of: change, keys: Self.mergeKeys, index: index)
    id = try fields.uuid("id", required: true) ?? ""
    conversationID = try fields.uuid("conversation_id", required: operation == .upsert)
    parentID = try fields.uuid("parent_id")
    role = try fields.text("role", limit: 200)
    body = SyncedMessage.Body(
      content: try fields.text("content", limit: 1_000_000) ?? "",
      status: try fields.text("status", limit: 200),
      model: try fields.text("model", limit: 200),
      finishReason: try fields.text("finish_reason", limit: 200),
      promptTokens: try fields.count("prompt_tokens"),
      completionTokens: try fields.count("completion_tokens"),
      reasoning: try fields.text("reasoning", limit: 1_000_000),
      errorCode: try fields.text("error_code", limit: 200))
    createdAt = try fields.time("created_at")
    deletedAt = try fields.time("deleted_at")
    if operation == .upsert {
      guard let role, !role.isEmpty else {
        throw fields.refusal("role must be a non-empty string")
      }
      guard let status = body.status, Self.finishedStatuses.contains(status) else {
        throw fields.refusal("status must be complete, failed or cancelled")
      }
    }
  }

  /// The row to store for an upsert of an id nothing is stored under (the caller has
  /// checked that the conversation is the user's and live).
  func newRow(user: String, sequence: Int64, now: Int64) -> SyncedMessage? {
    guard operation == .upsert, let conversationID, let role else { return nil }
    return SyncedMessage(
      id: id, userID: user, conversationID: conversationID, parentID: parentID, role: role,
      body: body, createdAt: createdAt ?? now, deletedAt: nil, changeSeq: sequence,
      clocks: clocks)
  }

  func merge(
    into old: SyncedMessage, now: Int64
  ) -> (row: SyncedMessage, status: SyncMergeStatus) {
    var new = old
    new.createdAt = earliest(old.createdAt, createdAt)
    new.clocks = old.clocks.merged(with: clocks)
    let status: SyncMergeStatus
    if operation == .delete {
      (new.deletedAt, status) = SyncMergeStatus.deleting(
        stored: old.deletedAt, incoming: deletedAt, now: now)
      new.body = SyncedMessage.Body()
    } else if old.deletedAt != nil {
      status = .stale
    } else if old.clocks.isBeaten(at: "body", by: clocks) {
      new.body = body
      status = .applied
    } else {
      status = .stale
    }
    return (new, status)
  }
}
