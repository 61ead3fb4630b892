/// How one change of a push ended (docs/SYNC.md §3): its status, the stored row after it
/// (`nil` when nothing is stored under the id for this user), and whether the row changed,
/// which takes the user's next change number.
struct SyncMergeOutcome<Row> {
  enum Status: String {
    case applied, merged, stale
  }

  var status: Status
  var row: Row?
  var changed: Bool

  /// Nothing stored and nothing to answer with: `stale`, `row: null`.
  static var refused: SyncMergeOutcome {
    SyncMergeOutcome(status: .stale, row: nil, changed: false)
  }

  /// `applied` when every merge key the change carried won, `stale` when none did (or it
  /// carried none), `merged` otherwise.
  static func status(won: Int, carried: Int) -> Status {
    if won == 0 { return .stale }
    return won == carried ? .applied : .merged
  }
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
