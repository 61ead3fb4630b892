/// The in-memory twin of `SQLiteUsageRepository`.
public actor InMemoryUsageRepository: UsageRepository {
  private var days: [String: Int] = [:]
  private var lifetime = 0

  /// An empty counter.
  public init() {}

  public func recordMessageSent(dayKey: String) throws -> UsageCounts {
    try Validation.dayKey(dayKey)
    days[dayKey, default: 0] += 1
    lifetime += 1
    return counts(dayKey: dayKey)
  }

  public func counts(dayKey: String) -> UsageCounts {
    UsageCounts(dayKey: dayKey, messagesOnDay: days[dayKey] ?? 0, lifetimeMessages: lifetime)
  }
}
