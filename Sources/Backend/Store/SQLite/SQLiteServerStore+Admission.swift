import Storage

extension SQLiteServerStore {
  public func admit(_ request: AdmissionRequest) async throws(ServerStoreError) -> AdmissionDecision
  {
    // Charging reads and writes in a BEGIN IMMEDIATE transaction, shared with the other
    // charging admissions waiting for the thread (decision 199): it takes the file's write
    // lock before reading, so no other connection or process can judge the same counters in
    // between. Looking only reads one snapshot and locks nothing.
    guard request.charge else {
      return try await perform("admit") { connection in
        try connection.readTransaction { try Self.judge(request, on: connection) }
      }
    }
    let entry = database.pendingAdmissions.add(request)
    return try await database.admit(entry) { request, connection in
      try Self.judge(request, on: connection)
    }
  }

  public func isAccountClosed(_ userID: String) async throws(ServerStoreError) -> Bool {
    try await perform("account closed") { connection in
      try SQLiteSyncStore.isClosed(userID, on: connection)
    }
  }

  /// The free allowance first, then the rate limit, as the contract says; the counters are
  /// written only when the request is admitted and charged.
  private static func judge(
    _ request: AdmissionRequest, on connection: SQLiteConnection
  ) throws -> AdmissionDecision {
    // A deleted account first, in the same transaction: nothing is read or counted for it.
    if try SQLiteSyncStore.isClosed(request.userID, on: connection) { return .accountClosed }
    var remaining: Int?
    var chargedBucket: String?
    if let allowance = try allowance(for: request, on: connection) {
      let bucket = allowance.period.bucket(at: request.now)
      let used =
        try connection.first(
          "SELECT used FROM free_usage WHERE user_id = ? AND bucket = ?", request.userID, bucket
        ) { $0.int(0) } ?? 0
      guard used < allowance.limit else {
        return .freeQuotaExhausted(retryAfter: allowance.period.renewal(after: request.now))
      }
      chargedBucket = bucket
      remaining = allowance.limit - used - (request.charge ? 1 : 0)
    }
    var newArrival: Double?
    if let limit = request.rateLimit {
      let stored =
        try connection.first(
          "SELECT arrival FROM admission_counters WHERE user_id = ?", request.userID
        ) { $0.isNull(0) ? nil : $0.double(0) } ?? nil
      switch limit.step(storedArrival: stored, now: request.now.timeIntervalSince1970) {
      case .refused(let retryAfter): return .rateLimited(retryAfter: retryAfter)
      case .allowed(let arrival): newArrival = arrival
      }
    }
    guard request.charge else { return .admitted(freeRemaining: remaining) }
    if let newArrival {
      try connection.run(
        """
        INSERT INTO admission_counters (user_id, arrival) VALUES (?, ?)
        ON CONFLICT (user_id) DO UPDATE SET arrival = excluded.arrival
        """, request.userID, newArrival)
    }
    if let chargedBucket {
      try connection.run(
        """
        INSERT INTO free_usage (user_id, bucket, used) VALUES (?, ?, 1)
        ON CONFLICT (user_id, bucket) DO UPDATE SET used = used + 1
        """, request.userID, chargedBucket)
    }
    return .admitted(freeRemaining: remaining)
  }

  /// The request's free allowance, or `nil` when none applies: none asked for, or an
  /// operator's grant that has not ended waives it (`grantWaivesAllowance`).
  private static func allowance(
    for request: AdmissionRequest, on connection: SQLiteConnection
  ) throws -> FreeAllowance? {
    guard let allowance = request.freeAllowance else { return nil }
    guard request.grantWaivesAllowance else { return allowance }
    let until = try connection.first(
      "SELECT until FROM operator_grants WHERE user_id = ?", request.userID
    ) { $0.double(0) }
    if let until, request.now.timeIntervalSince1970 < until { return nil }
    return allowance
  }
}
