/// The in-memory twin of `SQLiteUsageRepository`.
public actor InMemoryUsageRepository: UsageRepository {
  private var days: [String: Int] = [:]
  private var lifetime = 0

  /// An empty counter.
  public init() {}

  /// Counts one sent message for `dayKey` and in total, atomically; returns the new counts.
  /// - Throws: `StorageError.invalidInput` for a blank key; `StorageError` on failure.
  public func recordMessageSent(dayKey: String) throws -> UsageCounts {
    try Validation.dayKey(dayKey)
    days[dayKey, default: 0] += 1
    lifetime += 1
    return counts(dayKey: dayKey)
  }

  /// The counts for `dayKey` (zero for a day without messages) and the total.
  public func counts(dayKey: String) -> UsageCounts {
    UsageCounts(dayKey: dayKey, messagesOnDay: days[dayKey] ?? 0, lifetimeMessages: lifetime)
  }
}
