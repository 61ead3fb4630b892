import Foundation

/// What `/sync` shows: when sync last worked, what failed since, and what waits.
public struct SyncStatus: Sendable, Equatable {
  /// When the last round succeeded (kept across restarts).
  public var lastSuccess: Date?
  /// The failure of the last round when it failed (kept across restarts); `nil` after a
  /// success.
  public var lastFailure: SyncFailure?
  /// Rows with local changes waiting to be pushed into this account.
  public var pendingRows: Int
  /// Rows changed while signed out or by another account, waiting for the user to adopt
  /// them or keep them local.
  public var foreignRows: Int
  /// Whether a round is running now.
  public var isRunning: Bool

  /// A status.
  public init(
    lastSuccess: Date?, lastFailure: SyncFailure?, pendingRows: Int, foreignRows: Int,
    isRunning: Bool
  ) {
    self.lastSuccess = lastSuccess
    self.lastFailure = lastFailure
    self.pendingRows = pendingRows
    self.foreignRows = foreignRows
    self.isRunning = isRunning
  }
}

/// A failed round: why and when.
public struct SyncFailure: Sendable, Equatable, Codable {
  /// Why.
  public var error: SyncError
  /// When, by the engine's clock.
  public var date: Date

  /// A failure.
  public init(error: SyncError, date: Date) {
    self.error = error
    self.date = date
  }
}
