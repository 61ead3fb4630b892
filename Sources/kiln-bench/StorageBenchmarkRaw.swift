import CSQLite
import Foundation
import Storage

/// The baseline for `kiln-bench storage`: the same SQL statements as Storage's repositories
/// (`ConversationSQL`, `MessageSQL`), prepared once and run through the SQLite C API with
/// no Swift layer in between. Rows are read into Swift values, as any caller must.
final class StorageBenchmarkRaw {
  private let handle: OpaquePointer
  private var statements: [String: OpaquePointer] = [:]
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// Opens a database that Storage already created, with the pragmas Storage uses.
  init(path: String, synchronous: String, cacheKiB: Int) throws {
    var pointer: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
    guard sqlite3_open_v2(path, &pointer, flags, nil) == SQLITE_OK, let pointer else {
      throw BenchmarkError(description: "cannot open \(path)")
    }
    handle = pointer
    // Schema step 6's sync triggers call the clock function, so a connection that writes
    // the chat tables needs it even while recording is off.
    guard SyncClockFunction.register(on: pointer, now: { Date() }) == SQLITE_OK else {
      throw BenchmarkError(description: "cannot register the sync clock")
    }
    try execute(
      """
      PRAGMA busy_timeout = 5000; PRAGMA synchronous = \(synchronous);
      PRAGMA cache_size = -\(cacheKiB); PRAGMA temp_store = MEMORY;
      PRAGMA journal_size_limit = \(16 * 1_048_576);
      PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;
      """)
  }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  func execute(_ sql: String) throws {
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw BenchmarkError(description: String(cString: sqlite3_errmsg(handle)))
    }
  }

  /// The prepared statement for `sql`, reset and ready to bind.
  func statement(_ sql: String) throws -> OpaquePointer {
    if let cached = statements[sql] {
      sqlite3_reset(cached)
      return cached
    }
    var pointer: OpaquePointer?
    guard
      sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        == SQLITE_OK, let pointer
    else { throw BenchmarkError(description: String(cString: sqlite3_errmsg(handle))) }
    statements[sql] = pointer
    return pointer
  }

  /// Steps a statement to the end; throws on any error.
  func finish(_ statement: OpaquePointer) throws {
    var code = sqlite3_step(statement)
    while code == SQLITE_ROW { code = sqlite3_step(statement) }
    guard code == SQLITE_DONE else {
      throw BenchmarkError(description: String(cString: sqlite3_errmsg(handle)))
    }
  }

  func bind(_ statement: OpaquePointer, _ index: Int32, _ uuid: UUID?) {
    guard let uuid else {
      sqlite3_bind_null(statement, index)
      return
    }
    withUnsafeBytes(of: uuid.uuid) { bytes in
      _ = sqlite3_bind_blob(statement, index, bytes.baseAddress, 16, Self.transient)
    }
  }

  func bind(_ statement: OpaquePointer, _ index: Int32, _ text: String?) {
    guard let text else {
      sqlite3_bind_null(statement, index)
      return
    }
    sqlite3_bind_text(statement, index, text, -1, Self.transient)
  }

  func bind(_ statement: OpaquePointer, _ index: Int32, _ value: Int64?) {
    guard let value else {
      sqlite3_bind_null(statement, index)
      return
    }
    sqlite3_bind_int64(statement, index, value)
  }

  func uuid(_ statement: OpaquePointer, _ column: Int32) -> UUID? {
    guard sqlite3_column_bytes(statement, column) == 16,
      let blob = sqlite3_column_blob(statement, column)
    else { return nil }
    let bytes = blob.assumingMemoryBound(to: UInt8.self)
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  func text(_ statement: OpaquePointer, _ column: Int32) -> String? {
    guard let pointer = sqlite3_column_text(statement, column) else { return nil }
    return String(cString: pointer)
  }

  func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  /// Inserts conversations and their messages in one transaction.
  func insert(_ bundles: [ConversationBundle]) throws {
    try execute("BEGIN IMMEDIATE")
    for bundle in bundles {
      try insertConversation(bundle.conversation)
      try insertMessages(bundle.messages)
    }
    try execute("COMMIT")
  }

  func insertConversation(_ conversation: ConversationDTO) throws {
    let insertConversation = try statement(ConversationSQL.insert)
    bind(insertConversation, 1, conversation.id)
    bind(insertConversation, 2, conversation.title)
    bind(insertConversation, 3, conversation.title.lowercased())
    bind(insertConversation, 4, conversation.personaName)
    bind(insertConversation, 5, conversation.personaName?.lowercased())
    bind(insertConversation, 6, conversation.personaID)
    bind(insertConversation, 7, milliseconds(conversation.createdAt))
    bind(insertConversation, 8, milliseconds(conversation.updatedAt))
    bind(insertConversation, 9, conversation.isPinned ? 1 : 0)
    bind(insertConversation, 10, conversation.isArchived ? 1 : 0)
    try finish(insertConversation)
  }

  func insertMessage(_ message: MessageDTO) throws {
    let insert = try statement(MessageSQL.insert)
    bind(message, to: insert, at: 1)
    try finish(insert)
  }

  /// Inserts messages `MessageSQL.rowsPerInsert` to a statement, as Storage does.
  func insertMessages(_ messages: [MessageDTO]) throws {
    var start = 0
    while start < messages.count {
      let chunk = messages[start..<min(start + MessageSQL.rowsPerInsert, messages.count)]
      let insert = try statement(MessageSQL.insert(rows: chunk.count))
      for (offset, message) in chunk.enumerated() {
        bind(message, to: insert, at: Int32(offset * 14 + 1))
      }
      try finish(insert)
      start += chunk.count
    }
  }

  private func bind(_ message: MessageDTO, to insert: OpaquePointer, at first: Int32) {
    bind(insert, first, message.id)
    bind(insert, first + 1, message.conversationID)
    bind(insert, first + 2, message.parentID)
    bind(insert, first + 3, message.role.rawValue)
    bind(insert, first + 4, message.text)
    bind(insert, first + 5, milliseconds(message.createdAt))
    bind(insert, first + 6, message.status.rawValue)
    bind(insert, first + 7, message.model)
    bind(insert, first + 8, message.finishReason)
    bind(insert, first + 9, message.promptTokens.map(Int64.init))
    bind(insert, first + 10, message.completionTokens.map(Int64.init))
    bind(insert, first + 11, message.reasoning)
    bind(insert, first + 12, message.errorCode)
    bind(insert, first + 13, message.isOnActivePath ? 1 : 0)
  }

  /// What `SQLiteMessageRepository.append` does: find the active tail, move the
  /// conversation's `updated_at`, insert, commit.
  func append(_ message: MessageDTO) throws {
    try execute("BEGIN IMMEDIATE")
    let bump = try statement(ConversationSQL.bump)
    bind(bump, 1, milliseconds(message.createdAt))
    bind(bump, 2, message.conversationID)
    try finish(bump)
    let tail = try statement(MessageSQL.activeTail)
    bind(tail, 1, message.conversationID)
    var linked = message
    if sqlite3_step(tail) == SQLITE_ROW { linked.parentID = uuid(tail, 0) }
    sqlite3_reset(tail)
    try insertMessage(linked)
    try execute("COMMIT")
  }

  /// A row of the message columns, read into Swift values.
  struct MessageRow {
    var id: UUID?
    var conversationID: UUID?
    var parentID: UUID?
    var role: String?
    var text: String?
    var createdAt: Int64
    var status: String?
    var model: String?
    var finishReason: String?
    var promptTokens: Int64
    var completionTokens: Int64
    var reasoning: String?
    var errorCode: String?
    var isOnActivePath: Bool
  }

  func readMessage(_ statement: OpaquePointer, offset: Int32 = 0) -> MessageRow {
    MessageRow(
      id: uuid(statement, offset), conversationID: uuid(statement, offset + 1),
      parentID: uuid(statement, offset + 2), role: text(statement, offset + 3),
      text: text(statement, offset + 4), createdAt: sqlite3_column_int64(statement, offset + 5),
      status: text(statement, offset + 6), model: text(statement, offset + 7),
      finishReason: text(statement, offset + 8),
      promptTokens: sqlite3_column_int64(statement, offset + 9),
      completionTokens: sqlite3_column_int64(statement, offset + 10),
      reasoning: text(statement, offset + 11), errorCode: text(statement, offset + 12),
      isOnActivePath: sqlite3_column_int64(statement, offset + 13) != 0)
  }

  /// The newest page of `limit` messages (plus one, as the repository asks for).
  func newestPage(_ conversationID: UUID, limit: Int) throws -> [MessageRow] {
    let page = try statement(MessageSQL.firstPage)
    bind(page, 1, conversationID)
    bind(page, 2, Int64(limit + 1))
    var rows: [MessageRow] = []
    while sqlite3_step(page) == SQLITE_ROW { rows.append(readMessage(page)) }
    return rows
  }

  /// A page older than `(createdAt, id)`.
  func page(_ conversationID: UUID, before: (Int64, UUID), limit: Int) throws -> [MessageRow] {
    let page = try statement(MessageSQL.nextPage)
    bind(page, 1, conversationID)
    bind(page, 2, before.0)
    bind(page, 3, before.1)
    bind(page, 4, Int64(limit + 1))
    var rows: [MessageRow] = []
    while sqlite3_step(page) == SQLITE_ROW { rows.append(readMessage(page)) }
    return rows
  }

  /// The search statement with the message and conversation columns read.
  func search(_ expression: String, window: Int, limit: Int) throws -> [(MessageRow, String?)] {
    let search = try statement(MessageSQL.search(symbolCount: 0))
    bind(search, 1, expression)
    bind(search, 2, Int64(window))
    bind(search, 3, Int64(limit))
    var rows: [(MessageRow, String?)] = []
    while sqlite3_step(search) == SQLITE_ROW {
      rows.append((readMessage(search), text(search, 15)))
    }
    return rows
  }
}
