import Storage

/// A conversation as the SQLite sync store keeps it (`sync_conversations`).
struct SyncedConversation: SyncedRow {
  var id: String
  var userID: String
  var title: String
  var personaName: String?
  var personaID: String?
  var isPinned: Bool?
  var isArchived: Bool?
  var createdAt: Int64
  var updatedAt: Int64
  var deletedAt: Int64?
  var changeSeq: Int64
  var clocks: SyncClocks

  static let columns = """
    id, user_id, title, persona_name, persona_id, is_pinned, is_archived, created_at, \
    updated_at, deleted_at, change_seq, clocks
    """
  static let saveSQL = SQLiteSyncPush.saveSQL(table: "sync_conversations", columns: columns)
  static let selectSQL = "SELECT \(columns) FROM sync_conversations WHERE id = ?"

  init(
    id: String, userID: String, title: String, personaName: String?, personaID: String?,
    isPinned: Bool?, isArchived: Bool?, createdAt: Int64, updatedAt: Int64, deletedAt: Int64?,
    changeSeq: Int64, clocks: SyncClocks
  ) {
    self.id = id
    self.userID = userID
    self.title = title
    self.personaName = personaName
    self.personaID = personaID
    self.isPinned = isPinned
    self.isArchived = isArchived
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.deletedAt = deletedAt
    self.changeSeq = changeSeq
    self.clocks = clocks
  }

  /// The row `SELECT columns` read.
  init(_ row: SQLiteRow) throws {
    id = row.string(0)
    userID = row.string(1)
    title = row.string(2)
    personaName = row.optionalString(3)
    personaID = row.optionalString(4)
    isPinned = row.isNull(5) ? nil : row.bool(5)
    isArchived = row.isNull(6) ? nil : row.bool(6)
    createdAt = row.int64(7)
    updatedAt = row.int64(8)
    deletedAt = row.isNull(9) ? nil : row.int64(9)
    changeSeq = row.int64(10)
    clocks = try SyncClocks(storedText: row.string(11))
  }

  /// The values in `columns`' order.
  var bindings: [any SQLiteBindable] {
    [
      id, userID, title, personaName, personaID, isPinned, isArchived, createdAt, updatedAt,
      deletedAt, changeSeq, clocks.storedText,
    ]
  }

  func write(to output: inout SyncJSONOutput) {
    output.raw("{")
    output.key("id", first: true)
    output.id(id)
    output.key("user_id")
    output.id(userID)
    output.key("title")
    output.string(title)
    output.key("persona_name")
    output.string(personaName)
    output.key("persona_id")
    output.string(personaID)
    output.key("is_pinned")
    output.bool(isPinned)
    output.key("is_archived")
    output.bool(isArchived)
    output.key("created_at")
    output.time(createdAt)
    output.key("updated_at")
    output.time(updatedAt)
    output.key("deleted_at")
    output.time(deletedAt)
    output.key("change_seq")
    output.integer(changeSeq)
    output.key("clocks")
    output.clocks(clocks)
    output.raw("}")
  }
}

/// A message as the SQLite sync store keeps it (`sync_messages`).
struct SyncedMessage: SyncedRow {
  var id: String
  var userID: String
  var conversationID: String
  var parentID: String?
  var role: String
  var body: Body
  var createdAt: Int64
  var deletedAt: Int64?
  var changeSeq: Int64
  var clocks: SyncClocks

  /// The columns the merge key `body` covers.
  struct Body: Equatable {
    var content: String = ""
    var status: String?
    var model: String?
    var finishReason: String?
    var promptTokens: Int64?
    var completionTokens: Int64?
    var reasoning: String?
    var errorCode: String?
  }

  static let columns = """
    id, user_id, conversation_id, parent_id, role, content, status, model, finish_reason, \
    prompt_tokens, completion_tokens, reasoning, error_code, created_at, deleted_at, \
    change_seq, clocks
    """
  static let saveSQL = SQLiteSyncPush.saveSQL(table: "sync_messages", columns: columns)
  static let selectSQL = "SELECT \(columns) FROM sync_messages WHERE id = ?"

  init(
    id: String, userID: String, conversationID: String, parentID: String?, role: String,
    body: Body, createdAt: Int64, deletedAt: Int64?, changeSeq: Int64, clocks: SyncClocks
  ) {
    self.id = id
    self.userID = userID
    self.conversationID = conversationID
    self.parentID = parentID
    self.role = role
    self.body = body
    self.createdAt = createdAt
    self.deletedAt = deletedAt
    self.changeSeq = changeSeq
    self.clocks = clocks
  }

  init(_ row: SQLiteRow) throws {
    id = row.string(0)
    userID = row.string(1)
    conversationID = row.string(2)
    parentID = row.optionalString(3)
    role = row.string(4)
    body = Body(
      content: row.string(5), status: row.optionalString(6), model: row.optionalString(7),
      finishReason: row.optionalString(8),
      promptTokens: row.isNull(9) ? nil : row.int64(9),
      completionTokens: row.isNull(10) ? nil : row.int64(10),
      reasoning: row.optionalString(11), errorCode: row.optionalString(12))
    createdAt = row.int64(13)
    deletedAt = row.isNull(14) ? nil : row.int64(14)
    changeSeq = row.int64(15)
    clocks = try SyncClocks(storedText: row.string(16))
  }

  var bindings: [any SQLiteBindable] {
    [
      id, userID, conversationID, parentID, role, body.content, body.status, body.model,
      body.finishReason, body.promptTokens, body.completionTokens, body.reasoning,
      body.errorCode, createdAt, deletedAt, changeSeq, clocks.storedText,
    ]
  }

  func write(to output: inout SyncJSONOutput) {
    output.raw("{")
    output.key("id", first: true)
    output.id(id)
    output.key("user_id")
    output.id(userID)
    output.key("conversation_id")
    output.id(conversationID)
    output.key("parent_id")
    output.id(parentID)
    output.key("role")
    output.string(role)
    output.key("content")
    output.string(body.content)
    output.key("status")
    output.string(body.status)
    output.key("model")
    output.string(body.model)
    output.key("finish_reason")
    output.string(body.finishReason)
    output.key("prompt_tokens")
    output.integer(body.promptTokens)
    output.key("completion_tokens")
    output.integer(body.completionTokens)
    output.key("reasoning")
    output.string(body.reasoning)
    output.key("error_code")
    output.string(body.errorCode)
    output.key("created_at")
    output.time(createdAt)
    output.key("deleted_at")
    output.time(deletedAt)
    output.key("change_seq")
    output.integer(changeSeq)
    output.key("clocks")
    output.clocks(clocks)
    output.raw("}")
  }
}

/// A memory as the SQLite sync store keeps it (`sync_memories`).
struct SyncedMemory: SyncedRow {
  var id: String
  var userID: String
  var content: String
  var source: String?
  var createdAt: Int64
  var updatedAt: Int64
  var deletedAt: Int64?
  var changeSeq: Int64
  var clocks: SyncClocks

  static let columns = """
    id, user_id, content, source, created_at, updated_at, deleted_at, change_seq, clocks
    """
  static let saveSQL = SQLiteSyncPush.saveSQL(table: "sync_memories", columns: columns)
  static let selectSQL = "SELECT \(columns) FROM sync_memories WHERE id = ?"

  init(
    id: String, userID: String, content: String, source: String?, createdAt: Int64,
    updatedAt: Int64, deletedAt: Int64?, changeSeq: Int64, clocks: SyncClocks
  ) {
    self.id = id
    self.userID = userID
    self.content = content
    self.source = source
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.deletedAt = deletedAt
    self.changeSeq = changeSeq
    self.clocks = clocks
  }

  init(_ row: SQLiteRow) throws {
    id = row.string(0)
    userID = row.string(1)
    content = row.string(2)
    source = row.optionalString(3)
    createdAt = row.int64(4)
    updatedAt = row.int64(5)
    deletedAt = row.isNull(6) ? nil : row.int64(6)
    changeSeq = row.int64(7)
    clocks = try SyncClocks(storedText: row.string(8))
  }

  var bindings: [any SQLiteBindable] {
    [id, userID, content, source, createdAt, updatedAt, deletedAt, changeSeq, clocks.storedText]
  }

  func write(to output: inout SyncJSONOutput) {
    output.raw("{")
    output.key("id", first: true)
    output.id(id)
    output.key("user_id")
    output.id(userID)
    output.key("content")
    output.string(content)
    output.key("source")
    output.string(source)
    output.key("created_at")
    output.time(createdAt)
    output.key("updated_at")
    output.time(updatedAt)
    output.key("deleted_at")
    output.time(deletedAt)
    output.key("change_seq")
    output.integer(changeSeq)
    output.key("clocks")
    output.clocks(clocks)
    output.raw("}")
  }
}
