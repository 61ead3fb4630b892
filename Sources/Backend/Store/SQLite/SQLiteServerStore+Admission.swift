import Foundation
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
  /// written only when the request is admitted and charged. Everything judged is read with
  /// one statement (`admissionState`): each admission of a busy server runs on the store's
  /// one thread, and four reads had cost four statements each time.
  private static func judge(
    _ request: AdmissionRequest, on connection: SQLiteConnection
  ) throws -> AdmissionDecision {
    let bucket = request.freeAllowance.map { $0.period.bucket(at: request.now) }
    let mayBeClosed = SQLiteSyncStore.mayBeClosed(request.userID)
    let read = try connection.first(admissionState, request.userID, bucket, mayBeClosed) { row in
      (
        closed: row.bool(0), grantUntil: row.isNull(1) ? nil : row.double(1),
        used: row.isNull(2) ? 0 : row.int(2), arrival: row.isNull(3) ? nil : row.double(3)
      )
    }
    guard let state = read else { throw StorageError.failed(code: 0, detail: "no admission row") }
    // A deleted account first: nothing is counted for it.
    if state.closed { return .accountClosed }
    var remaining: Int?
    var chargedBucket: String?
    // An operator's grant that has not ended waives the allowance, when asked to.
    let waived =
      request.grantWaivesAllowance
      && state.grantUntil.map { request.now.timeIntervalSince1970 < $0 } == true
    if let allowance = request.freeAllowance, let bucket, !waived {
      guard state.used < allowance.limit else {
        return .freeQuotaExhausted(retryAfter: allowance.period.renewal(after: request.now))
      }
      chargedBucket = bucket
      remaining = allowance.limit - state.used - (request.charge ? 1 : 0)
    }
    var newArrival: Double?
    if let limit = request.rateLimit {
      switch limit.step(storedArrival: state.arrival, now: request.now.timeIntervalSince1970) {
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

  /// For the user `?1`, the free allowance's bucket `?2` (`NULL` for none) and whether the
  /// user id can belong to an account (`?3`): whether the account was deleted, the end of
  /// an operator's grant, the free messages used in the bucket, and the rate limit's stored
  /// arrival (`NULL` where there is none).
  private static let admissionState = """
    SELECT CASE WHEN ?3 THEN \(SQLiteSyncStore.closedCondition("?1")) ELSE 0 END,
      (SELECT until FROM operator_grants WHERE user_id = ?1),
      (SELECT used FROM free_usage WHERE user_id = ?1 AND bucket = ?2),
      (SELECT arrival FROM admission_counters WHERE user_id = ?1)
    """
}
