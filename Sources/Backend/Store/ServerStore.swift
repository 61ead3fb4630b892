import Foundation

/// Everything kiln-server keeps between requests, so any number of instances can share it
/// (decision 15): admission counters, entitlements, operator grants, webhook deliveries and
/// the usage ledger.
///
/// Implementations: `SQLiteServerStore` (one instance, a file under the data directory),
/// `PostgresServerStore` (any number of instances), and `InMemoryServerStore` (tests and
/// `kiln-server echo`). One contract suite runs against all of them.
///
/// Every method fails with `ServerStoreError` rather than guessing: the proxy refuses with
/// 503 when the store cannot answer (decision 18, fail closed).
public protocol ServerStore: Sendable {
  /// Succeeds when the store can answer (for `/ready`).
  func checkReachable() async throws(ServerStoreError)

  /// Judges, and when `request.charge` is set and the answer is `.admitted`, charges one
  /// request: the free message (when an allowance applies) and the rate-limit slot
  /// together, atomically, so concurrent requests from any instance are counted exactly.
  /// The free allowance is judged before the rate limit; a refused request changes nothing.
  func admit(_ request: AdmissionRequest) async throws(ServerStoreError) -> AdmissionDecision

  /// Whether `userID`'s account was deleted, as the admission judges it
  /// (`AdmissionDecision.accountClosed`): asked before anything else is looked up for a user
  /// whose entitlement comes from outside the store, so nothing is fetched or saved for it.
  func isAccountClosed(_ userID: String) async throws(ServerStoreError) -> Bool

  /// The entitlement last learned for `userID` (from RevenueCat or its webhook), if any.
  func entitlement(for userID: String) async throws(ServerStoreError) -> EntitlementRecord?
  /// Replaces what is known of `record.userID`'s entitlement.
  func saveEntitlement(_ record: EntitlementRecord) async throws(ServerStoreError)

  /// An operator's grant: `userID` counts as entitled until `until`.
  func grant(userID: String, until: Date, now: Date) async throws(ServerStoreError)
  /// Removes `userID`'s grant; returns whether there was one.
  func revokeGrant(userID: String) async throws(ServerStoreError) -> Bool
  /// When `userID`'s grant ends, if there is one.
  func grantExpiry(for userID: String) async throws(ServerStoreError) -> Date?

  /// Remembers a webhook delivery; returns `true` the first time `eventID` is seen and
  /// `false` for a repeat (webhooks are retried, so handling must be idempotent).
  func recordWebhookEvent(
    id eventID: String, receivedAt: Date
  ) async throws(ServerStoreError)
    -> Bool

  /// Appends one line to the usage ledger (never message content).
  func recordUsage(_ record: UsageRecord) async throws(ServerStoreError)
  /// Appends one line as `recordUsage` does, without waiting: `done` is called once it is
  /// written (`nil`) or with why it could not be. The default runs `recordUsage` on a task.
  func submitUsage(
    _ record: UsageRecord, then done: @escaping @Sendable (ServerStoreError?) -> Void)
  /// Gives back one free message charged to `userID` in the allowance's `bucket` (the
  /// bucket `FreePeriod.bucket(at:)` named when the request was admitted) and appends
  /// `record` to the usage ledger, in one atomic step (decision 133): for a request whose
  /// upstream failed before any of the reply reached the client. Only the free message
  /// comes back; the rate-limit slot stays spent. Returns whether a message was given back
  /// (`false` when nothing is charged in that bucket, so a count never goes below zero).
  func refundFreeMessage(
    userID: String, bucket: String, recording record: UsageRecord
  ) async throws(ServerStoreError) -> Bool
  /// The ledger lines of `userID`, oldest first.
  func usage(for userID: String) async throws(ServerStoreError) -> [UsageRecord]

  /// Forgets `userID`: counters, entitlement and grant are deleted, and the user's ledger
  /// lines lose their user id (only anonymous totals stay).
  func eraseUser(_ userID: String) async throws(ServerStoreError)
}

extension ServerStore {
  public func submitUsage(
    _ record: UsageRecord, then done: @escaping @Sendable (ServerStoreError?) -> Void
  ) {
    Task {
      do throws(ServerStoreError) {
        try await recordUsage(record)
        done(nil)
      } catch {
        done(error)
      }
    }
  }
}

/// Why the store could not answer.
public enum ServerStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The database is unreachable or refused the operation; the request is refused with 503.
  case unavailable(String)
  /// What the store holds cannot be read as the schema says (a damaged row, a newer schema).
  case invalidData(String)

  public var description: String {
    switch self {
    case .unavailable(let reason): "the server store is unavailable: \(reason)"
    case .invalidData(let reason): "the server store holds unreadable data: \(reason)"
    }
  }
}

/// What kiln-server last learned of one user's entitlement.
public struct EntitlementRecord: Sendable, Hashable {
  /// The user (RevenueCat's app user id is the account's id).
  public var userID: String
  /// Whether the entitlement was active when it was judged.
  public var isActive: Bool
  /// When it ends (including any grace period); `nil` for one that never ends, or none.
  public var expiresAt: Date?
  /// When it was fetched or pushed, for the cache's age.
  public var fetchedAt: Date
  /// Where it came from: `revenuecat` (the REST API) or `webhook`.
  public var source: String

  /// A record with every part given.
  public init(userID: String, isActive: Bool, expiresAt: Date?, fetchedAt: Date, source: String) {
    self.userID = userID
    self.isActive = isActive
    self.expiresAt = expiresAt
    self.fetchedAt = fetchedAt
    self.source = source
  }
}

/// One line of the usage ledger (decision 19: no content, no tokens).
public struct UsageRecord: Sendable, Hashable {
  /// The request's id (the `X-Request-ID` answered).
  public var requestID: String
  /// The user, or `nil` once the account is erased.
  public var userID: String?
  /// The model the upstream was asked for.
  public var model: String
  /// Prompt tokens, when the upstream reported them.
  public var promptTokens: Int?
  /// Completion tokens, when the upstream reported them.
  public var completionTokens: Int?
  /// How it ended: `completed`, `cancelled`, `upstream_error`, …
  public var status: String
  /// When the request was admitted.
  public var startedAt: Date
  /// How long the upstream exchange took, in milliseconds.
  public var durationMilliseconds: Int
  /// The upstream's generation id (`id` of its chunks), when it sent one.
  public var upstreamGenerationID: String?

  /// A line with every part given.
  public init(
    requestID: String, userID: String?, model: String, promptTokens: Int?,
    completionTokens: Int?, status: String, startedAt: Date, durationMilliseconds: Int,
    upstreamGenerationID: String?
  ) {
    self.requestID = requestID
    self.userID = userID
    self.model = model
    self.promptTokens = promptTokens
    self.completionTokens = completionTokens
    self.status = status
    self.startedAt = startedAt
    self.durationMilliseconds = durationMilliseconds
    self.upstreamGenerationID = upstreamGenerationID
  }
}
