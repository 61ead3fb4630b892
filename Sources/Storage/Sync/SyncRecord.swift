import Foundation

/// A live row as sync moves it.
public enum SyncRecord: Sendable, Equatable {
  case conversation(ConversationDTO)
  case message(MessageDTO)
  case memory(MemoryDTO)

  /// The table the row belongs to.
  public var table: SyncTable {
    switch self {
    case .conversation: .conversations
    case .message: .messages
    case .memory: .memories
    }
  }

  /// The row's id.
  public var id: UUID {
    switch self {
    case .conversation(let conversation): conversation.id
    case .message(let message): message.id
    case .memory(let memory): memory.id
    }
  }
}

/// A row as the server stored it, from a pull or a push's answer.
public struct SyncServerRow: Sendable, Equatable {
  /// The row's table.
  public var table: SyncTable
  /// The row's id.
  public var id: UUID
  /// The live row, or `nil` for a tombstone.
  public var record: SyncRecord?
  /// When the row was deleted, for a tombstone.
  public var deletedAt: Date?
  /// The clock of each merge key.
  public var clocks: [String: String]
  /// The server's change number for this version of the row.
  public var changeSequence: Int64

  /// A row value.
  public init(
    table: SyncTable, id: UUID, record: SyncRecord?, deletedAt: Date?,
    clocks: [String: String], changeSequence: Int64
  ) {
    self.table = table
    self.id = id
    self.record = record
    self.deletedAt = deletedAt
    self.clocks = clocks
    self.changeSequence = changeSequence
  }
}

/// The local changes to one row still waiting to be pushed, folded into one change.
public struct SyncOutboxItem: Sendable, Equatable {
  /// The row's table.
  public var table: SyncTable
  /// The row's id.
  public var id: UUID
  /// `.delete` when the row is gone locally, else `.upsert`.
  public var operation: SyncOperation
  /// The row as stored now, for an upsert.
  public var record: SyncRecord?
  /// When the row was deleted, for a delete.
  public var deletedAt: Date?
  /// For each merge key a waiting change touched, the newest clock.
  public var clocks: [String: String]
  /// The newest outbox entry folded in: acknowledging removes the row's entries up to it.
  public var throughEntry: Int64

  /// An outbox item.
  public init(
    table: SyncTable, id: UUID, operation: SyncOperation, record: SyncRecord?,
    deletedAt: Date?, clocks: [String: String], throughEntry: Int64
  ) {
    self.table = table
    self.id = id
    self.operation = operation
    self.record = record
    self.deletedAt = deletedAt
    self.clocks = clocks
    self.throughEntry = throughEntry
  }
}

/// What applying a page of server rows did on the device.
public struct SyncApplyReport: Sendable, Equatable {
  /// Rows stored or updated.
  public var stored: Int
  /// Rows deleted by tombstones.
  public var deleted: Int
  /// Rows left alone because a local change to them is waiting to be pushed.
  public var skipped: Int
  /// Messages kept aside until their conversation arrives.
  public var parked: Int

  /// A report.
  public init(stored: Int = 0, deleted: Int = 0, skipped: Int = 0, parked: Int = 0) {
    self.stored = stored
    self.deleted = deleted
    self.skipped = skipped
    self.parked = parked
  }
}

/// The device's sync bookkeeping for one account.
public struct SyncJournalSummary: Sendable, Equatable {
  /// The device id in this device's clock values.
  public var deviceID: UUID
  /// Whether local changes are being recorded.
  public var isRecording: Bool
  /// Rows with changes waiting to be pushed into this account.
  public var pendingRows: Int
  /// Rows with changes made while signed out or by another account, never pushed here
  /// unless adopted.
  public var foreignRows: Int
  /// The newest server change this device has applied for the account.
  public var cursor: Int64

  /// A summary.
  public init(
    deviceID: UUID, isRecording: Bool, pendingRows: Int, foreignRows: Int, cursor: Int64
  ) {
    self.deviceID = deviceID
    self.isRecording = isRecording
    self.pendingRows = pendingRows
    self.foreignRows = foreignRows
    self.cursor = cursor
  }
}
