import Foundation
import Payments
import TestSupport
import Testing

/// Decoding the REST v1 customer body as RevenueCat documents it.
@Suite struct RevenueCatCustomerInfoTests {
  let request = CustomerInfoFixture.requestDate

  func decode(_ text: String) throws -> RevenueCatCustomerInfo {
    try RevenueCatDateCoding.makeDecoder().decode(
      RevenueCatCustomerInfo.self, from: Data(text.utf8))
  }

  @Test func decodesTheDocumentedShape() throws {
    let expiry = request.addingTimeInterval(10 * CustomerInfoFixture.day)
    let info = try decode(CustomerInfoFixture.json(expires: expiry, periodType: "trial"))
    #expect(info.requestDate == request)
    let entitlement = try #require(info.subscriber.entitlements["pro"])
    #expect(entitlement.expiresDate == expiry)
    #expect(entitlement.productIdentifier == "monthly_subscription")
    let subscription = try #require(info.subscriber.subscriptions["monthly_subscription"])
    #expect(subscription.periodType == "trial")
    #expect(subscription.store == "app_store")
    #expect(subscription.isSandbox == false)
    #expect(info.subscriber.originalAppUserID == "user-1")
    #expect(
      info.subscriber.managementURL?.absoluteString
        == "https://apps.apple.com/account/subscriptions")
  }

  @Test func requestDateMillisecondsWinOverTheTextWhenBothArePresent() throws {
    let text = """
      {"request_date": "2026-06-01T12:00:00Z", "request_date_ms": 1780315200250,
       "subscriber": {}}
      """
    let info = try decode(text)
    #expect(info.requestDate == Date(timeIntervalSince1970: 1_780_315_200.25))
  }

  @Test func requestDateTextIsEnoughWithoutMilliseconds() throws {
    let info = try decode(#"{"request_date": "2026-06-01T12:00:00Z", "subscriber": {}}"#)
    #expect(info.requestDate == request)
    #expect(info.subscriber.entitlements.isEmpty)
    #expect(info.subscriber.subscriptions.isEmpty)
  }

  @Test func fractionalSecondsAndNullMapsDecode() throws {
    let text = """
      {"request_date": "2026-06-01T12:00:00.500Z",
       "subscriber": {"entitlements": null, "subscriptions": null, "management_url": null,
         "non_subscriptions": {"lifetime": [{"id": "a1", "purchase_date": "2026-01-02T03:04:05Z",
           "store": "app_store", "is_sandbox": false}]}}}
      """
    let info = try decode(text)
    #expect(info.requestDate == request.addingTimeInterval(0.5))
    #expect(info.subscriber.entitlements.isEmpty)
    #expect(info.subscriber.nonSubscriptions["lifetime"]?.first?.id == "a1")
    #expect(info.subscriber.managementURL == nil)
  }

  @Test func unknownFieldsAndStoresAreTolerated() throws {
    let text = CustomerInfoFixture.json(
      expires: request, extraSubscriptionFields: #", "future_field": [1, {"a": null}]"#
    ).replacingOccurrences(of: #""app_store""#, with: #""test_store""#)
    let info = try decode(text)
    #expect(info.subscriber.subscriptions["monthly_subscription"]?.store == "test_store")
  }

  @Test func lifetimeEntitlementHasNoExpiry() throws {
    let text = """
      {"request_date_ms": 1780315200000, "subscriber": {
        "entitlements": {"pro": {"expires_date": null, "product_identifier": "lifetime",
          "purchase_date": "2026-01-02T03:04:05Z"}},
        "non_subscriptions": {"lifetime": [{"id": "a1"}]}}}
      """
    let info = try decode(text)
    #expect(info.subscriber.entitlements["pro"]?.expiresDate == nil)
    #expect(info.paymentsState(entitlementID: .pro, now: request).isLifetime)
  }

  @Test(arguments: [
    #"{"subscriber": {}}"#,
    #"{"request_date": "yesterday", "subscriber": {}}"#,
    #"{"request_date": "2026-06-01T12:00:00Z"}"#,
    #"{"request_date": "2026-06-01T12:00:00Z", "subscriber": {"entitlements": {"pro": {}}}}"#,
    #"<html>Bad gateway</html>"#,
  ])
  func malformedBodiesFailToDecode(text: String) {
    #expect(throws: (any Error).self) { try decode(text) }
  }

  @Test func encodingRoundTripsFractionsOfASecond() throws {
    var info = CustomerInfoFixture.subscribed(expires: request.addingTimeInterval(86_400.25))
    info.requestDate = request.addingTimeInterval(0.5)
    info.subscriber.managementURL = URL(string: "https://example.com/manage")
    let data = try RevenueCatDateCoding.makeEncoder().encode(info)
    let decoded = try RevenueCatDateCoding.makeDecoder().decode(
      RevenueCatCustomerInfo.self, from: data)
    #expect(decoded == info)
  }
}
