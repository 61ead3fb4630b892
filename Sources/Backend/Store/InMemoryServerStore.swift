import Foundation

/// `ServerStore` in memory: for tests and `kiln-server echo`. Answers exactly as the
/// database stores do (the contract suite runs against it too), but keeps nothing across
/// processes, so it serves one instance only.
public actor InMemoryServerStore: ServerStore {
  private struct Counters {
    var arrival: Double?
    var freeUsed: [String: Int] = [:]
  }

  private var counters: [String: Counters] = [:]
  private var entitlements: [String: EntitlementRecord] = [:]
  private var grants: [String: Date] = [:]
  private var webhookEvents: Set<String> = []
  private var ledger: [UsageRecord] = []
  private var failure: ServerStoreError?
  private var closedAccounts: Set<String> = []

  /// An empty store.
  public init() {}

  /// Makes every later call fail with `error` (or succeed again with `nil`), so tests can
  /// prove that callers fail closed.
  public func failEveryCall(with error: ServerStoreError?) {
    failure = error
  }

  /// What delete-account leaves in the database stores (the account's sync rows deleted,
  /// the account gone): from then on the user's admissions are answered `.accountClosed`.
  public func closeAccount(_ userID: String) {
    closedAccounts.insert(userID)
  }

  public func isAccountClosed(_ userID: String) throws(ServerStoreError) -> Bool {
    try check()
    return closedAccounts.contains(userID)
  }

  private func check() throws(ServerStoreError) {
    if let failure { throw failure }
  }

  public func checkReachable() throws(ServerStoreError) {
    try check()
  }

  public func admit(_ request: AdmissionRequest) throws(ServerStoreError) -> AdmissionDecision {
    try check()
    if closedAccounts.contains(request.userID) { return .accountClosed }
    var state = counters[request.userID] ?? Counters()
    var remaining: Int?
    var bucket: String?
    let granted =
      request.grantWaivesAllowance && grants[request.userID].map { request.now < $0 } == true
    if let allowance = granted ? nil : request.freeAllowance {
      let key = allowance.period.bucket(at: request.now)
      let used = state.freeUsed[key] ?? 0
      guard used < allowance.limit else {
        return .freeQuotaExhausted(retryAfter: allowance.period.renewal(after: request.now))
      }
      bucket = key
      remaining = allowance.limit - used - (request.charge ? 1 : 0)
    }
    if let limit = request.rateLimit {
      let now = request.now.timeIntervalSince1970
      switch limit.step(storedArrival: state.arrival, now: now) {
      case .refused(let retryAfter): return .rateLimited(retryAfter: retryAfter)
      case .allowed(let arrival): state.arrival = arrival
      }
    }
    if request.charge {
      if let bucket { state.freeUsed[bucket, default: 0] += 1 }
      counters[request.userID] = state
    }
    return .admitted(freeRemaining: remaining)
  }

  public func entitlement(for userID: String) throws(ServerStoreError) -> EntitlementRecord? {
    try check()
    return entitlements[userID]
  }

  public func saveEntitlement(_ record: EntitlementRecord) throws(ServerStoreError) {
    try check()
    // Nothing is kept for a deleted account, as in the stores on disk.
    guard !closedAccounts.contains(record.userID) else { return }
    entitlements[record.userID] = record
  }

  public func grant(userID: String, until: Date, now: Date) throws(ServerStoreError) {
    try check()
    grants[userID] = until
  }

  public func revokeGrant(userID: String) throws(ServerStoreError) -> Bool {
    try check()
    return grants.removeValue(forKey: userID) != nil
  }

  public func grantExpiry(for userID: String) throws(ServerStoreError) -> Date? {
    try check()
    return grants[userID]
  }

  public func recordWebhookEvent(
    id eventID: String, receivedAt: Date
  ) throws(ServerStoreError)
    -> Bool
  {
    try check()
    return webhookEvents.insert(eventID).inserted
  }

  public func recordUsage(_ record: UsageRecord) throws(ServerStoreError) {
    try check()
    appendLedgerLine(record)
  }

  public func refundFreeMessage(
    userID: String, bucket: String, recording record: UsageRecord
  ) throws(ServerStoreError) -> Bool {
    try check()
    appendLedgerLine(record)
    guard let used = counters[userID]?.freeUsed[bucket], used > 0 else { return false }
    counters[userID]?.freeUsed[bucket] = used - 1
    return true
  }

  /// A closed account's line carries no user id, as in the stores on disk.
  private func appendLedgerLine(_ record: UsageRecord) {
    var line = record
    if let user = line.userID, closedAccounts.contains(user) { line.userID = nil }
    ledger.append(line)
  }

  public func usage(for userID: String) throws(ServerStoreError) -> [UsageRecord] {
    try check()
    return ledger.filter { $0.userID == userID }
  }

  public func eraseUser(_ userID: String) throws(ServerStoreError) {
    try check()
    counters[userID] = nil
    entitlements[userID] = nil
    grants[userID] = nil
    for index in ledger.indices where ledger[index].userID == userID {
      ledger[index].userID = nil
    }
  }
}
