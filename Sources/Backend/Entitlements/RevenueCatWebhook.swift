import Core
import Foundation
import JOSE

/// `POST /webhooks/revenuecat`: RevenueCat's webhook, which updates a user's stored
/// entitlement at once instead of waiting for the cache to age (issue #17 item 4).
///
/// - `Authorization` must equal the configured shared secret exactly (compared in constant
///   time over SHA-256 digests, so neither content nor length leaks); otherwise 401.
/// - The body is at most `maximumBodyBytes` (413 beyond) and must be JSON
///   `{"event": {"id": …, "type": …, …}}` (400 otherwise).
/// - Each event id is handled once (`ServerStore.recordWebhookEvent`): a repeat answers 200
///   and changes nothing. The id is recorded before the record is written, so a delivery
///   retried after a later event can never undo that event.
/// - What each event type changes is `RevenueCatWebhookEvent.change` (decision 86).
public struct RevenueCatWebhook: Sendable {
  /// The route's path.
  public static let path = "/webhooks/revenuecat"
  /// The largest body accepted: 64 KiB (RevenueCat's events are a few KiB).
  public static let maximumBodyBytes = 64 * 1024

  private let store: any ServerStore
  private let secretDigest: [UInt8]
  private let entitlementID: String
  private let clock: AppClock

  /// A handler accepting deliveries whose `Authorization` is `sharedSecret`, for the
  /// entitlement `entitlementID` (`RC_ENTITLEMENT_ID`), writing to `store`.
  public init(
    store: any ServerStore, sharedSecret: String, entitlementID: String, clock: AppClock
  ) {
    self.store = store
    self.secretDigest = SHA256.hash(Array(sharedSecret.utf8))
    self.entitlementID = entitlementID
    self.clock = clock
  }

  /// Answers one delivery: 200 when handled or repeated, 401, 405, 413, 400, or 503 when
  /// the store cannot answer (RevenueCat then retries).
  public func handle(_ request: BackendRequest) async -> BackendResponse {
    guard request.method == "POST" else {
      return APIError(status: 405, code: "method_not_allowed", message: "use POST").response
    }
    guard let authorization = request.header("Authorization"),
      ConstantTime.equals(SHA256.hash(Array(authorization.utf8)), secretDigest)
    else {
      return APIError(
        status: 401, code: "unauthorized", message: "the webhook authorization is wrong"
      ).response
    }
    guard request.body.count <= Self.maximumBodyBytes else {
      return APIError(
        status: 413, code: "too_large",
        message: "the body is larger than \(Self.maximumBodyBytes) bytes"
      ).response
    }
    let event: RevenueCatWebhookEvent
    do {
      event = try RevenueCatWebhookEvent.decode(request.body)
    } catch {
      return APIError(
        status: 400, code: "invalid_request",
        message: "the body is not a RevenueCat event: \(error)"
      ).response
    }
    let now = clock.now()
    do {
      guard try await store.recordWebhookEvent(id: event.id, receivedAt: now) else {
        return Self.accepted("repeat")
      }
      for record in try await changedRecords(for: event, now: now) {
        try await store.saveEntitlement(record)
      }
    } catch {
      return APIError(
        status: 503, code: "unavailable", message: "the server store is unavailable",
        retryAfter: 5
      ).response
    }
    return Self.accepted("handled")
  }

  private func changedRecords(
    for event: RevenueCatWebhookEvent, now: Date
  ) async throws(ServerStoreError) -> [EntitlementRecord] {
    switch event.change(entitlementID: entitlementID) {
    case .none:
      return []
    case .activeUntil(let end):
      guard let userID = event.appUserID else { return [] }
      return [
        EntitlementRecord(
          userID: userID, isActive: end.map { $0 >= now } ?? true, expiresAt: end,
          fetchedAt: now, source: "webhook")
      ]
    case .expired(let end):
      guard let userID = event.appUserID else { return [] }
      return [
        EntitlementRecord(
          userID: userID, isActive: false, expiresAt: end ?? now, fetchedAt: now,
          source: "webhook")
      ]
    case .askRevenueCat(let userIDs):
      var stale: [EntitlementRecord] = []
      for userID in userIDs {
        guard var record = try await store.entitlement(for: userID) else { continue }
        // Older than any cache time: the next request asks RevenueCat, and if RevenueCat is
        // down this record is still the fallback.
        record.fetchedAt = .distantPast
        stale.append(record)
      }
      return stale
    }
  }

  private static func accepted(_ outcome: String) -> BackendResponse {
    .json(status: 200, Array("{\"status\":\"\(outcome)\"}".utf8))
  }
}
