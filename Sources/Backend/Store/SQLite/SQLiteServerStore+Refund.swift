import Storage

extension SQLiteServerStore {
  public func refundFreeMessage(
    userID: String, bucket: String, recording record: UsageRecord
  ) async throws(ServerStoreError) -> Bool {
    try await perform("refund free message") { connection in
      // One BEGIN IMMEDIATE transaction: the ledger line and the count given back are
      // written together or not at all, and no admission reads the counter in between.
      try connection.transaction {
        try Self.insertLedgerLine(record, on: connection)
        return try connection.run(
          "UPDATE free_usage SET used = used - 1 WHERE user_id = ? AND bucket = ? AND used > 0",
          userID, bucket) == 1
      }
    }
  }
}
