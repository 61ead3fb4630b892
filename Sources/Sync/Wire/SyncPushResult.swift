import Foundation
import Storage

/// How the server took one pushed change (docs/SYNC.md §3).
public enum SyncPushStatus: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// Every merge key the change carried won (or the row was new).
  case applied
  /// Some merge keys won, others lost to newer clocks.
  case merged
  /// Nothing changed: every key lost, the row is a tombstone, or the row was refused.
  case stale
}

/// The server's answer to one pushed change.
public struct SyncPushResult: Sendable, Equatable {
  /// The row's id.
  public var id: UUID
  /// What the merge did.
  public var status: SyncPushStatus
  /// The row as stored after the change, or `nil` when the server kept nothing.
  public var row: SyncServerRow?

  /// A result.
  public init(id: UUID, status: SyncPushStatus, row: SyncServerRow?) {
    self.id = id
    self.status = status
    self.row = row
  }
}

/// One page of a pull (docs/SYNC.md §3, `sync_pull`).
public struct SyncPullPage: Sendable, Equatable {
  /// The rows, in `change_seq` order, tombstones included.
  public var rows: [SyncServerRow]
  /// The cursor after this page.
  public var next: Int64
  /// Whether rows beyond `next` exist.
  public var hasMore: Bool

  /// A page.
  public init(rows: [SyncServerRow], next: Int64, hasMore: Bool) {
    self.rows = rows
    self.next = next
    self.hasMore = hasMore
  }
}
