import Backend
import Core
import Foundation
import Testing

/// `RevenueCatWebhook`: shared-secret authorization, bounded and strictly shaped bodies,
/// idempotence by event id, and what each event type does to the stored entitlement.
@Suite struct RevenueCatWebhookTests {
  static let secret = "Bearer whsec-backend-test"
  let now = Date(timeIntervalSince1970: 1_800_000_000)
  let store = InMemoryServerStore()

  var webhook: RevenueCatWebhook {
    RevenueCatWebhook(
      store: store, sharedSecret: Self.secret, entitlementID: "pro", clock: .fixed(now))
  }

  func delivery(
    _ body: String, authorization: String? = RevenueCatWebhookTests.secret, method: String = "POST"
  ) -> BackendRequest {
    BackendRequest(
      method: method, path: RevenueCatWebhook.path,
      headers: authorization.map { [("Authorization", $0)] } ?? [], body: Array(body.utf8))
  }

  func event(
    id: String, type: String, user: String? = "user-1", entitlements: [String]? = ["pro"],
    expiresIn: Double? = 3600
  ) -> String {
    var members = [#""id":"\#(id)""#, #""type":"\#(type)""#, #""environment":"PRODUCTION""#]
    if let user { members.append(#""app_user_id":"\#(user)""#) }
    if let entitlements {
      members.append(
        #""entitlement_ids":["# + entitlements.map { "\"\($0)\"" }.joined(separator: ",") + "]")
    }
    if let expiresIn {
      members.append(#""expiration_at_ms":\#(Int((now.timeIntervalSince1970 + expiresIn) * 1000))"#)
    }
    return #"{"api_version":"1.0","event":{"# + members.joined(separator: ",") + "}}"
  }

  func bodyText(_ response: BackendResponse) -> String {
    if case .bytes(let bytes) = response.body { return String(decoding: bytes, as: UTF8.self) }
    return ""
  }

  @Test(arguments: [nil, "", "Bearer whsec-backend-tesT", "whsec-backend-test", Self.secret + " "])
  func refusesAWrongOrMissingAuthorizationAndChangesNothing(_ authorization: String?) async throws {
    let response = await webhook.handle(
      delivery(event(id: "e1", type: "INITIAL_PURCHASE"), authorization: authorization))
    #expect(response.status == 401)
    #expect(!bodyText(response).contains("whsec"))
    #expect(try await store.entitlement(for: "user-1") == nil)
    #expect(try await store.recordWebhookEvent(id: "e1", receivedAt: now))
  }

  @Test(
    arguments: [
      "", "not json", "[]", #"{"event":{}}"#, #"{"event":{"id":"e1"}}"#,
      #"{"event":{"id":"","type":"RENEWAL","app_user_id":"u"}}"#,
      #"{"event":{"id":"e1","type":"RENEWAL","app_user_id":""}}"#,
      #"{"event":{"id":7,"type":"RENEWAL"}}"#,
      #"{"event":{"id":"e1","type":"RENEWAL","expiration_at_ms":"soon"}}"#,
    ])
  func answers400ToAMalformedBody(_ body: String) async throws {
    let response = await webhook.handle(delivery(body))
    #expect(response.status == 400)
    #expect(response.header("Content-Type") == "application/json")
    #expect(try await store.recordWebhookEvent(id: "e1", receivedAt: now))
  }

  @Test func refusesAnOversizedBodyAndAnotherMethod() async throws {
    let padding = String(repeating: " ", count: RevenueCatWebhook.maximumBodyBytes)
    let large = await webhook.handle(delivery(event(id: "e1", type: "RENEWAL") + padding))
    #expect(large.status == 413)
    let get = await webhook.handle(delivery("", method: "GET"))
    #expect(get.status == 405)
    #expect(try await store.entitlement(for: "user-1") == nil)
  }

  @Test func aPurchaseGrantsAtOnceAndARepeatedEventChangesNothing() async throws {
    let purchase = event(id: "e1", type: "INITIAL_PURCHASE", expiresIn: 3600)
    let first = await webhook.handle(delivery(purchase))
    #expect(first.status == 200)
    #expect(bodyText(first) == #"{"status":"handled"}"#)
    let granted = try #require(try await store.entitlement(for: "user-1"))
    #expect(granted.isActive && granted.source == "webhook" && granted.fetchedAt == now)
    #expect(granted.expiresAt == now.addingTimeInterval(3600))

    _ = await webhook.handle(delivery(event(id: "e2", type: "EXPIRATION", expiresIn: -1)))
    let repeated = await webhook.handle(delivery(purchase))
    #expect(repeated.status == 200)
    #expect(bodyText(repeated) == #"{"status":"repeat"}"#)
    #expect(try await store.entitlement(for: "user-1")?.isActive == false)
  }

  @Test(
    arguments: [
      ("INITIAL_PURCHASE", 3600.0, true), ("RENEWAL", 3600, true), ("UNCANCELLATION", 3600, true),
      ("NON_RENEWING_PURCHASE", 3600, true), ("CANCELLATION", 3600, true),
      ("BILLING_ISSUE", 3600, true), ("SUBSCRIPTION_PAUSED", 3600, true),
      ("CANCELLATION", -1, false), ("EXPIRATION", 3600, false), ("EXPIRATION", -1, false),
    ])
  func eachEventTypeSetsTheEntitlementItImplies(
    _ type: String, _ expiresIn: Double, _ active: Bool
  ) async throws {
    let response = await webhook.handle(
      delivery(event(id: "e-\(type)", type: type, expiresIn: expiresIn)))
    #expect(response.status == 200)
    let record = try #require(try await store.entitlement(for: "user-1"))
    #expect(record.grantsAccess(at: now) == active)
  }

  @Test func aPurchaseWithoutAnExpiryIsLifetimeAccess() async throws {
    _ = await webhook.handle(
      delivery(event(id: "e1", type: "NON_RENEWING_PURCHASE", expiresIn: nil)))
    let record = try #require(try await store.entitlement(for: "user-1"))
    #expect(record.isActive && record.expiresAt == nil)
  }

  @Test func testEventsAndOtherEntitlementsChangeNothing() async throws {
    for body in [
      event(id: "e1", type: "TEST"), event(id: "e2", type: "RENEWAL", entitlements: ["plus"]),
      event(id: "e3", type: "RENEWAL", entitlements: nil),
    ] {
      #expect(await webhook.handle(delivery(body)).status == 200)
    }
    #expect(try await store.entitlement(for: "user-1") == nil)
  }

  @Test func aProductChangeOrATransferMakesTheNextRequestAskRevenueCat() async throws {
    for user in ["user-1", "old", "new"] {
      try await store.saveEntitlement(
        EntitlementRecord(
          userID: user, isActive: true, expiresAt: nil, fetchedAt: now, source: "revenuecat"))
    }
    _ = await webhook.handle(delivery(event(id: "e1", type: "PRODUCT_CHANGE")))
    let transfer =
      #"{"event":{"id":"e2","type":"TRANSFER","transferred_from":["old"],"transferred_to":["new"]}}"#
    #expect(await webhook.handle(delivery(transfer)).status == 200)
    for user in ["user-1", "old", "new"] {
      let record = try #require(try await store.entitlement(for: user))
      #expect(record.fetchedAt == .distantPast)
      #expect(record.isActive)
    }
  }

  @Test func aStoreThatCannotAnswerGets503SoRevenueCatRetries() async throws {
    await store.failEveryCall(with: .unavailable("down"))
    let response = await webhook.handle(delivery(event(id: "e1", type: "RENEWAL")))
    #expect(response.status == 503)
    #expect(response.header("Retry-After") == "5")
  }
}
