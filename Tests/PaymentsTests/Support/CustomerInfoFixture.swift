import Foundation
import Payments
import TestSupport

/// Customer infos for judgement and cache tests, built from the documented REST v1 shape.
enum CustomerInfoFixture {
  typealias Info = RevenueCatCustomerInfo

  static let day: TimeInterval = 24 * 60 * 60

  /// When "the server answered" in most tests.
  static let requestDate = Fixture.referenceDate

  /// A customer whose `pro` entitlement comes from a monthly subscription expiring at
  /// `expires`, bought a month earlier.
  static func subscribed(
    expires: Date?,
    requestDate: Date = requestDate,
    entitlement: String = "pro",
    product: String = "monthly_subscription",
    subscription: Info.Subscription? = nil
  ) -> Info {
    let purchase = (expires ?? requestDate).addingTimeInterval(-30 * day)
    let record = subscription ?? Info.Subscription(expiresDate: expires, purchaseDate: purchase)
    return Info(
      requestDate: requestDate,
      subscriber: Info.Subscriber(
        entitlements: [
          entitlement: Info.Entitlement(
            expiresDate: expires, productIdentifier: product, purchaseDate: purchase)
        ],
        subscriptions: expires == nil ? [:] : [product: record],
        nonSubscriptions: expires == nil ? [product: [Info.NonSubscription(id: "np_1")]] : [:],
        originalAppUserID: "user-1"))
  }

  /// A customer RevenueCat has never seen buy anything.
  static func neverSubscribed(requestDate: Date = requestDate) -> Info {
    Info(requestDate: requestDate, subscriber: Info.Subscriber(originalAppUserID: "user-1"))
  }

  /// ISO 8601 text as RevenueCat writes it (whole seconds, `Z`).
  static func iso(_ date: Date) -> String {
    date.formatted(.iso8601)
  }

  /// A JSON body in the documented shape with one `pro` entitlement from
  /// `monthly_subscription`, for decoding and loopback tests.
  static func json(
    requestDate: Date = requestDate, expires: Date?, periodType: String = "normal",
    extraSubscriptionFields: String = ""
  ) -> String {
    let expiresText = expires.map { "\"\(iso($0))\"" } ?? "null"
    let purchase = iso((expires ?? requestDate).addingTimeInterval(-30 * day))
    return """
      {
        "request_date": "\(iso(requestDate))",
        "request_date_ms": \(Int64(requestDate.timeIntervalSince1970 * 1000)),
        "subscriber": {
          "entitlements": {
            "pro": {
              "expires_date": \(expiresText),
              "grace_period_expires_date": null,
              "product_identifier": "monthly_subscription",
              "purchase_date": "\(purchase)"
            }
          },
          "first_seen": "2026-01-01T00:00:00Z",
          "last_seen": "\(iso(requestDate))",
          "management_url": "https://apps.apple.com/account/subscriptions",
          "non_subscriptions": {},
          "original_app_user_id": "user-1",
          "original_application_version": "1.0",
          "original_purchase_date": "2026-01-01T00:00:00Z",
          "other_purchases": {},
          "subscriptions": {
            "monthly_subscription": {
              "auto_resume_date": null,
              "billing_issues_detected_at": null,
              "expires_date": \(expiresText),
              "grace_period_expires_date": null,
              "is_sandbox": false,
              "original_purchase_date": "2026-01-01T00:00:00Z",
              "ownership_type": "PURCHASED",
              "period_type": "\(periodType)",
              "purchase_date": "\(purchase)",
              "refunded_at": null,
              "store": "app_store",
              "store_transaction_id": "1000000000000001",
              "unsubscribe_detected_at": null\(extraSubscriptionFields)
            }
          }
        }
      }
      """
  }
}
