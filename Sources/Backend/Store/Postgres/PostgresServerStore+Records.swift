import Foundation
import Postgres

extension PostgresServerStore {
  public func entitlement(
    for userID: String
  ) async throws(ServerStoreError) -> EntitlementRecord? {
    let result = try await query(
      "read entitlement", PostgresServerSQL.entitlement, [.text(userID)])
    return try decode(result.first) { row in
      EntitlementRecord(
        userID: userID, isActive: try row.decode(Bool.self, at: 0),
        expiresAt: try row.decode(Double?.self, at: 1).map(Date.init(timeIntervalSince1970:)),
        fetchedAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 2)),
        source: try row.decode(String.self, at: 3))
    }
  }

  public func saveEntitlement(_ record: EntitlementRecord) async throws(ServerStoreError) {
    _ = try await query(
      "save entitlement", PostgresServerSQL.saveEntitlement,
      [
        .text(record.userID), .bool(record.isActive),
        record.expiresAt.map { .double($0.timeIntervalSince1970) },
        .double(record.fetchedAt.timeIntervalSince1970), .text(record.source),
      ])
  }

  public func grant(userID: String, until: Date, now: Date) async throws(ServerStoreError) {
    _ = try await query(
      "grant", PostgresServerSQL.grant,
      [.text(userID), .double(until.timeIntervalSince1970), .double(now.timeIntervalSince1970)])
  }

  public func revokeGrant(userID: String) async throws(ServerStoreError) -> Bool {
    try await query("revoke grant", PostgresServerSQL.revokeGrant, [.text(userID)])
      .affectedRows > 0
  }

  public func grantExpiry(for userID: String) async throws(ServerStoreError) -> Date? {
    let result = try await query("read grant", PostgresServerSQL.grantExpiry, [.text(userID)])
    return try decode(result.first) { row in
      Date(timeIntervalSince1970: try row.decode(Double.self, at: 0))
    }
  }

  public func recordWebhookEvent(
    id eventID: String, receivedAt: Date
  ) async throws(ServerStoreError)
    -> Bool
  {
    try await query(
      "record webhook event", PostgresServerSQL.webhookEvent,
      [.text(eventID), .double(receivedAt.timeIntervalSince1970)]
    ).affectedRows == 1
  }

  public func recordUsage(_ record: UsageRecord) async throws(ServerStoreError) {
    _ = try await query(
      "record usage", PostgresServerSQL.recordUsage,
      [
        .text(record.requestID), record.userID.map { .text($0) }, .text(record.model),
        record.promptTokens.map { .int($0) }, record.completionTokens.map { .int($0) },
        .text(record.status), .double(record.startedAt.timeIntervalSince1970),
        .int(record.durationMilliseconds), record.upstreamGenerationID.map { .text($0) },
      ])
  }

  public func usage(for userID: String) async throws(ServerStoreError) -> [UsageRecord] {
    let result = try await query("read usage", PostgresServerSQL.usage, [.text(userID)])
    do {
      return try result.rows.map { row in
        UsageRecord(
          requestID: try row.decode(String.self, at: 0), userID: userID,
          model: try row.decode(String.self, at: 1),
          promptTokens: try row.decode(Int?.self, at: 2),
          completionTokens: try row.decode(Int?.self, at: 3),
          status: try row.decode(String.self, at: 4),
          startedAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 5)),
          durationMilliseconds: try row.decode(Int.self, at: 6),
          upstreamGenerationID: try row.decode(String?.self, at: 7))
      }
    } catch {
      throw ServerStoreError(postgres: error)
    }
  }

  public func eraseUser(_ userID: String) async throws(ServerStoreError) {
    _ = try await query("erase user", PostgresServerSQL.eraseUser, [.text(userID)])
  }

  /// `transform` of the row, `nil` for no row; a row that does not decode is `.invalidData`.
  private func decode<T>(
    _ row: PostgresRow?, _ transform: (PostgresRow) throws -> T
  ) throws(ServerStoreError) -> T? {
    guard let row else { return nil }
    do {
      return try transform(row)
    } catch {
      throw ServerStoreError(postgres: error)
    }
  }
}
