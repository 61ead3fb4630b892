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

  /// Counts one sent message only while the count `scope` names is below `limit`; `nil`
  /// when nothing was counted.
  /// - Throws: `StorageError.invalidInput` for a blank key.
  public func recordMessageSent(
    dayKey: String, below limit: Int, scope: UsageScope
  ) throws -> UsageCounts? {
    try Validation.dayKey(dayKey)
    guard counts(dayKey: dayKey).messages(in: scope) < limit else { return nil }
    return try recordMessageSent(dayKey: dayKey)
  }

  /// Takes back one message counted for `dayKey` and in total, never below zero.
  /// - Throws: `StorageError.invalidInput` for a blank key.
  public func retractMessageSent(dayKey: String) throws -> UsageCounts {
    try Validation.dayKey(dayKey)
    days[dayKey] = max(0, (days[dayKey] ?? 0) - 1)
    lifetime = max(0, lifetime - 1)
    return counts(dayKey: dayKey)
  }

  /// The counts for `dayKey` (zero for a day without messages) and the total.
  public func counts(dayKey: String) -> UsageCounts {
    UsageCounts(dayKey: dayKey, messagesOnDay: days[dayKey] ?? 0, lifetimeMessages: lifetime)
  }
}
