/// The free-tier usage counter: messages sent per day and in total, kept across restarts.
///
/// The caller computes `dayKey` with its injected calendar (e.g. `2026-06-01`), so the
/// counter never reads the clock or a time zone itself.
public protocol UsageRepository: Sendable {
  /// Counts one sent message for `dayKey` and in total, atomically; returns the new counts.
  /// - Throws: `StorageError.invalidInput` for a blank key; `StorageError` on failure.
  func recordMessageSent(dayKey: String) async throws -> UsageCounts

  /// The counts for `dayKey` (zero for a day without messages) and the total.
  /// - Throws: `StorageError` when the read fails.
  func counts(dayKey: String) async throws -> UsageCounts

  /// Counts one sent message, as `recordMessageSent(dayKey:)` does, only while the count
  /// `scope` names is below `limit`; returns the new counts, or `nil` when the limit was
  /// already reached and nothing was counted. The check and the count are one transaction,
  /// so processes sharing the counter take turns and together never count past `limit`.
  /// - Throws: `StorageError.invalidInput` for a blank key; `StorageError` on failure.
  func recordMessageSent(
    dayKey: String, below limit: Int, scope: UsageScope
  ) async throws
    -> UsageCounts?

  /// Takes back one message counted for `dayKey` and in total (a message that was never
  /// sent after all); counts never go below zero. Returns the new counts.
  /// - Throws: `StorageError.invalidInput` for a blank key; `StorageError` on failure.
  func retractMessageSent(dayKey: String) async throws -> UsageCounts
}

/// Which count a limit applies to.
public enum UsageScope: Sendable, Equatable {
  /// The messages of one day.
  case day
  /// Every message since the counter began.
  case lifetime
}

extension UsageCounts {
  /// The count `scope` names.
  public func messages(in scope: UsageScope) -> Int {
    scope == .day ? messagesOnDay : lifetimeMessages
  }
}
