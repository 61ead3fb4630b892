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
}
