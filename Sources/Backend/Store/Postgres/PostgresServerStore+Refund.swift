import Postgres

extension PostgresServerStore {
  public func refundFreeMessage(
    userID: String, bucket: String, recording record: UsageRecord
  ) async throws(ServerStoreError) -> Bool {
    let result = try await query(
      "refund free message", Self.refundStatement,
      [
        .text(userID), .text(bucket), .text(record.requestID), record.userID.map { .text($0) },
        .text(record.model), record.promptTokens.map { .int($0) },
        record.completionTokens.map { .int($0) }, .text(record.status),
        .double(record.startedAt.timeIntervalSince1970), .int(record.durationMilliseconds),
        record.upstreamGenerationID.map { .text($0) },
      ])
    do {
      guard let row = result.first else {
        throw ServerStoreError.invalidData("the refund returned no row")
      }
      return try row.decode(Int.self, at: 0) == 1
    } catch {
      throw ServerStoreError(postgres: error)
    }
  }

  /// The ledger line and the count given back in one statement, so one transaction: every
  /// data-modifying part of a `WITH` runs, referenced or not. `used > 0` keeps a count from
  /// going below zero; the row lock the `UPDATE` takes orders it with concurrent admissions.
  static let refundStatement = PostgresStatement(
    name: "kiln_store_refund_free_message",
    sql: """
      WITH ledger AS (
          INSERT INTO usage_ledger (request_id, user_id, model, prompt_tokens,
            completion_tokens, status, started_at, duration_ms, upstream_generation_id)
          VALUES ($3, CASE WHEN kiln_account_is_closed($4) THEN NULL ELSE $4 END,
            $5, $6, $7, $8, $9, $10, $11)),
        refund AS (
          UPDATE free_usage SET used = used - 1
          WHERE user_id = $1 AND bucket = $2 AND used > 0 RETURNING 1)
      SELECT count(*)::integer FROM refund
      """)
}
