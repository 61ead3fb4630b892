/// `UsageRepository` over a `StorageDatabase`: a row per day and a lifetime total, both
/// incremented in one transaction.
public struct SQLiteUsageRepository: UsageRepository {
  private let database: StorageDatabase

  private static let lifetime = "messages_sent"

  /// A repository over `database`.
  public init(database: StorageDatabase) {
    self.database = database
  }

  /// Counts one sent message for `dayKey` and in total, atomically; returns the new counts.
  /// - Throws: `StorageError.invalidInput` for a blank key; `StorageError` on failure.
  public func recordMessageSent(dayKey: String) async throws -> UsageCounts {
    try Validation.dayKey(dayKey)
    return try await database.write { connection in
      try Self.addOne(dayKey: dayKey, in: connection)
      return try Self.counts(dayKey: dayKey, in: connection)
    }
  }

  /// Counts one sent message only while the count `scope` names is below `limit`, in one
  /// `BEGIN IMMEDIATE` transaction: another process's check-and-count waits for this one.
  /// Returns the new counts, or `nil` when nothing was counted.
  /// - Throws: `StorageError.invalidInput` for a blank key; `StorageError` on failure.
  public func recordMessageSent(
    dayKey: String, below limit: Int, scope: UsageScope
  ) async throws -> UsageCounts? {
    try Validation.dayKey(dayKey)
    return try await database.write { connection in
      let current = try Self.counts(dayKey: dayKey, in: connection)
      guard current.messages(in: scope) < limit else { return nil }
      try Self.addOne(dayKey: dayKey, in: connection)
      return try Self.counts(dayKey: dayKey, in: connection)
    }
  }

  /// Takes back one message counted for `dayKey` and in total, never below zero.
  /// - Throws: `StorageError.invalidInput` for a blank key; `StorageError` on failure.
  public func retractMessageSent(dayKey: String) async throws -> UsageCounts {
    try Validation.dayKey(dayKey)
    return try await database.write { connection in
      try connection.run(
        "UPDATE usage_days SET messages = messages - 1 WHERE day = ? AND messages > 0", dayKey)
      try connection.run(
        "UPDATE usage_totals SET value = value - 1 WHERE name = ? AND value > 0", Self.lifetime)
      return try Self.counts(dayKey: dayKey, in: connection)
    }
  }

  private static func addOne(dayKey: String, in connection: SQLiteConnection) throws {
    try connection.run(
      """
      INSERT INTO usage_days (day, messages) VALUES (?, 1)
      ON CONFLICT (day) DO UPDATE SET messages = messages + 1
      """, dayKey)
    try connection.run(
      """
      INSERT INTO usage_totals (name, value) VALUES (?, 1)
      ON CONFLICT (name) DO UPDATE SET value = value + 1
      """, lifetime)
  }

  /// The counts for `dayKey` (zero for a day without messages) and the total.
  /// - Throws: `StorageError` when the read fails.
  public func counts(dayKey: String) async throws -> UsageCounts {
    try await database.snapshot { connection in
      try Self.counts(dayKey: dayKey, in: connection)
    }
  }

  private static func counts(
    dayKey: String, in connection: SQLiteConnection
  ) throws
    -> UsageCounts
  {
    let day = try connection.first("SELECT messages FROM usage_days WHERE day = ?", dayKey) {
      $0.int(0)
    }
    let total = try connection.first("SELECT value FROM usage_totals WHERE name = ?", lifetime) {
      $0.int(0)
    }
    return UsageCounts(dayKey: dayKey, messagesOnDay: day ?? 0, lifetimeMessages: total ?? 0)
  }
}
