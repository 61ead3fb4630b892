import Storage

extension SQLiteServerStore {
  public func refundFreeMessage(
    userID: String, bucket: String, recording record: UsageRecord
  ) async throws(ServerStoreError) -> Bool {
    try await perform("refund free message") { connection in
      // One BEGIN IMMEDIATE transaction: the ledger line and the count given back are
      // written together or not at all, and no admission reads the counter in between.
      try connection.transaction {
        try connection.run(
          """
          INSERT INTO usage_ledger (request_id, user_id, model, prompt_tokens, completion_tokens,
            status, started_at, duration_ms, upstream_generation_id)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """, record.requestID, record.userID, record.model, record.promptTokens,
          record.completionTokens, record.status, record.startedAt.timeIntervalSince1970,
          record.durationMilliseconds, record.upstreamGenerationID)
        return try connection.run(
          "UPDATE free_usage SET used = used - 1 WHERE user_id = ? AND bucket = ? AND used > 0",
          userID, bucket) == 1
      }
    }
  }
}
