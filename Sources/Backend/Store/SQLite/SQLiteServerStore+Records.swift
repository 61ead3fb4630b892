import Foundation
import Storage

extension SQLiteServerStore {
  public func entitlement(for userID: String) async throws(ServerStoreError) -> EntitlementRecord? {
    try await perform("read entitlement") { connection in
      try connection.first(
        """
        SELECT is_active, expires_at, fetched_at, source FROM entitlements WHERE user_id = ?
        """, userID
      ) { row in
        EntitlementRecord(
          userID: userID, isActive: row.bool(0),
          expiresAt: row.isNull(1) ? nil : Date(timeIntervalSince1970: row.double(1)),
          fetchedAt: Date(timeIntervalSince1970: row.double(2)), source: row.string(3))
      }
    }
  }

  /// Nothing is kept for a deleted account (an answer from RevenueCat or its webhook that
  /// arrives after the deletion's erasures).
  public func saveEntitlement(_ record: EntitlementRecord) async throws(ServerStoreError) {
    try await perform("save entitlement") { connection in
      try connection.run(
        """
        INSERT INTO entitlements (user_id, is_active, expires_at, fetched_at, source)
        SELECT ?1, ?2, ?3, ?4, ?5 WHERE NOT (\(Self.entitlementClosedCondition))
        ON CONFLICT (user_id) DO UPDATE SET is_active = excluded.is_active,
          expires_at = excluded.expires_at, fetched_at = excluded.fetched_at,
          source = excluded.source
        """, record.userID, record.isActive, record.expiresAt?.timeIntervalSince1970,
        record.fetchedAt.timeIntervalSince1970, record.source)
    }
  }

  public func grant(userID: String, until: Date, now: Date) async throws(ServerStoreError) {
    try await perform("grant") { connection in
      try connection.run(
        """
        INSERT INTO operator_grants (user_id, until, granted_at) VALUES (?, ?, ?)
        ON CONFLICT (user_id) DO UPDATE SET until = excluded.until,
          granted_at = excluded.granted_at
        """, userID, until.timeIntervalSince1970, now.timeIntervalSince1970)
    }
  }

  public func revokeGrant(userID: String) async throws(ServerStoreError) -> Bool {
    try await perform("revoke grant") { connection in
      try connection.run("DELETE FROM operator_grants WHERE user_id = ?", userID) > 0
    }
  }

  public func grantExpiry(for userID: String) async throws(ServerStoreError) -> Date? {
    try await perform("read grant") { connection in
      try connection.first("SELECT until FROM operator_grants WHERE user_id = ?", userID) {
        Date(timeIntervalSince1970: $0.double(0))
      }
    }
  }

  public func recordWebhookEvent(
    id eventID: String, receivedAt: Date
  ) async throws(ServerStoreError)
    -> Bool
  {
    try await perform("record webhook event") { connection in
      try connection.run(
        """
        INSERT INTO webhook_events (event_id, received_at) VALUES (?, ?)
        ON CONFLICT (event_id) DO NOTHING
        """, eventID, receivedAt.timeIntervalSince1970) == 1
    }
  }

  /// Lines that arrive together are written in one transaction (a group commit).
  public func recordUsage(_ record: UsageRecord) async throws(ServerStoreError) {
    try await database.ledgerWrites.write(record, with: ledgerFlush)
  }

  /// Joins the same group commit as `recordUsage`, without a task waiting for it.
  public func submitUsage(
    _ record: UsageRecord, then done: @escaping @Sendable (ServerStoreError?) -> Void
  ) {
    database.ledgerWrites.submit(record, with: ledgerFlush, then: done)
  }

  /// Writes ledger lines in one transaction.
  private var ledgerFlush: CoalescedWrites<UsageRecord>.Flush {
    let database = database
    return { records throws(ServerStoreError) in
      try await database.perform("record usage") { connection in
        try connection.transaction {
          for record in records { try Self.insertLedgerLine(record, on: connection) }
        }
      }
    }
  }

  /// Writes `record` as one ledger line; also used inside the refund's transaction. The
  /// line of a reply that ends after its account was deleted (a stream still running then)
  /// carries no user id, as `eraseUser` left the account's earlier lines.
  static func insertLedgerLine(_ record: UsageRecord, on connection: SQLiteConnection) throws {
    try connection.run(
      """
      INSERT INTO usage_ledger (request_id, user_id, model, prompt_tokens, completion_tokens,
        status, started_at, duration_ms, upstream_generation_id)
      VALUES (?1, CASE WHEN \(ledgerClosedCondition) THEN NULL ELSE ?2 END,
        ?3, ?4, ?5, ?6, ?7, ?8, ?9)
      """, record.requestID, record.userID, record.model, record.promptTokens,
      record.completionTokens, record.status, record.startedAt.timeIntervalSince1970,
      record.durationMilliseconds, record.upstreamGenerationID)
  }

  private static let ledgerClosedCondition = SQLiteSyncStore.closedCondition("?2")
  private static let entitlementClosedCondition = SQLiteSyncStore.closedCondition("?1")

  public func usage(for userID: String) async throws(ServerStoreError) -> [UsageRecord] {
    try await perform("read usage") { connection in
      try connection.query(
        """
        SELECT request_id, model, prompt_tokens, completion_tokens, status, started_at,
          duration_ms, upstream_generation_id
        FROM usage_ledger WHERE user_id = ? ORDER BY sequence
        """, userID
      ) { row in
        UsageRecord(
          requestID: row.string(0), userID: userID, model: row.string(1),
          promptTokens: row.optionalInt(2), completionTokens: row.optionalInt(3),
          status: row.string(4), startedAt: Date(timeIntervalSince1970: row.double(5)),
          durationMilliseconds: row.int(6), upstreamGenerationID: row.optionalString(7))
      }
    }
  }

  public func eraseUser(_ userID: String) async throws(ServerStoreError) {
    try await perform("erase user") { connection in
      try connection.transaction {
        for table in ["admission_counters", "free_usage", "entitlements", "operator_grants"] {
          try connection.run("DELETE FROM \(table) WHERE user_id = ?", userID)
        }
        try connection.run("UPDATE usage_ledger SET user_id = NULL WHERE user_id = ?", userID)
      }
    }
  }
}
