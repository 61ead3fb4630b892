import Storage

/// How one change of a push ended (docs/SYNC.md §3): its status, the stored row after it
/// (`nil` when nothing is stored under the id for this user), and whether the row changed,
/// which takes the user's next change number.
struct SyncMergeOutcome<Row> {
  var status: SyncMergeStatus
  var row: Row?
  var changed: Bool

  /// Nothing stored and nothing to answer with: `stale`, `row: null`.
  static var refused: SyncMergeOutcome {
    SyncMergeOutcome(status: .stale, row: nil, changed: false)
  }
}

/// What a change did to a stored row (docs/SYNC.md §3).
enum SyncMergeStatus: String {
  case applied, merged, stale

  /// `applied` when every merge key the change carried won, `stale` when none did (or it
  /// carried none), `merged` otherwise.
  static func of(won: Int, carried: Int) -> SyncMergeStatus {
    if won == 0 { return .stale }
    return won == carried ? .applied : .merged
  }

  /// A delete of a stored row: a live row becomes a tombstone at the change's time (the
  /// server's when it carries none), `applied`; a tombstone keeps the earlier time, `stale`.
  static func deleting(
    stored: Int64?, incoming: Int64?, now: Int64
  ) -> (deletedAt: Int64, status: SyncMergeStatus) {
    guard let stored else { return (incoming ?? now, .applied) }
    return (earliest(stored, incoming), .stale)
  }
}

/// A row of one of the SQLite store's synced tables.
protocol SyncedRow: Equatable {
  /// `SELECT` of every column by id, in the order `init(_:)` reads them.
  static var selectSQL: String { get }
  /// Inserts the row, or replaces every column of the stored one.
  static var saveSQL: String { get }
  var userID: String { get }
  var changeSeq: Int64 { get set }
  /// The values in the columns' order.
  var bindings: [any SQLiteBindable] { get }
  init(_ row: SQLiteRow) throws
  /// The row in the wire form.
  func write(to output: inout SyncJSONOutput)
}

/// A checked change of one table, and its merge into the stored row.
protocol SyncRowChange {
  associatedtype Row: SyncedRow
  var id: String { get }
  var operation: SyncOperation { get }
  /// The stored row after this change, and the change's status.
  func merge(into old: Row, now: Int64) -> (row: Row, status: SyncMergeStatus)
}

/// What a change asks of a row.
enum SyncOperation: String {
  case upsert, delete
}

/// The earlier of two times where either may be missing (PostgreSQL's `least`).
func earliest(_ stored: Int64, _ incoming: Int64?) -> Int64 {
  incoming.map { min(stored, $0) } ?? stored
}

/// The later of two times where either may be missing (PostgreSQL's `greatest`).
func latest(_ stored: Int64, _ incoming: Int64?) -> Int64 {
  incoming.map { max(stored, $0) } ?? stored
}
