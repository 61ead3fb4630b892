import Foundation

/// The parts of RevenueCat's `GET /v1/subscribers/{app_user_id}` answer the server judges,
/// and the judgement itself: the client's rules (Payments'
/// `RevenueCatCustomerInfo+Entitlements`) written again for the server, because Backend may
/// not depend on Payments (decision 85).
///
/// Rules, as the client applies them:
/// - the reference instant is RevenueCat's `request_date` while `now` is at most 3 days after
///   it, and `now` after that;
/// - access ends at the latest of the entitlement's `expires_date`, its
///   `grace_period_expires_date` and its subscription's `grace_period_expires_date`; no
///   `expires_date` is lifetime access; an end equal to the reference still counts;
/// - a refund of the subscription's current period (`refunded_at` at or after its
///   `purchase_date`) ends access at `refunded_at`, whatever the dates say.
struct RevenueCatSubscriber: Decodable, Sendable {
  /// How long `request_date` stays the reference instead of `now`: 3 days, as the client.
  static let requestDateGracePeriod: TimeInterval = 3 * 24 * 60 * 60

  struct Entitlement: Decodable, Sendable {
    var expiresDate: Date?
    var gracePeriodExpiresDate: Date?
    var productIdentifier: String?

    enum CodingKeys: String, CodingKey {
      case expiresDate = "expires_date"
      case gracePeriodExpiresDate = "grace_period_expires_date"
      case productIdentifier = "product_identifier"
    }
  }

  struct Subscription: Decodable, Sendable {
    var purchaseDate: Date?
    var gracePeriodExpiresDate: Date?
    var refundedAt: Date?

    enum CodingKeys: String, CodingKey {
      case purchaseDate = "purchase_date"
      case gracePeriodExpiresDate = "grace_period_expires_date"
      case refundedAt = "refunded_at"
    }

    var isRefundedForCurrentPeriod: Bool {
      guard let refundedAt else { return false }
      guard let purchaseDate else { return true }
      return refundedAt >= purchaseDate
    }
  }

  var requestDate: Date
  var entitlements: [String: Entitlement]
  var subscriptions: [String: Subscription]

  /// Whether entitlement `id` is active at `now`, and when its access ends (`nil` for
  /// lifetime access or for none at all).
  func judge(entitlementID id: String, now: Date) -> (isActive: Bool, accessEnd: Date?) {
    guard let entitlement = entitlements[id] else { return (false, nil) }
    let reference =
      now.timeIntervalSince(requestDate) <= Self.requestDateGracePeriod ? requestDate : now
    let subscription = entitlement.productIdentifier.flatMap { subscriptions[$0] }
    if let subscription, subscription.isRefundedForCurrentPeriod {
      return (false, subscription.refundedAt)
    }
    guard let expires = entitlement.expiresDate else { return (true, nil) }
    let end =
      [expires, entitlement.gracePeriodExpiresDate, subscription?.gracePeriodExpiresDate]
      .compactMap { $0 }.max() ?? expires
    return (end >= reference, end)
  }

  enum CodingKeys: String, CodingKey {
    case requestDate = "request_date"
    case requestDateMilliseconds = "request_date_ms"
    case subscriber
  }

  enum SubscriberKeys: String, CodingKey {
    case entitlements, subscriptions
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let milliseconds = try container.decodeIfPresent(
      Int64.self, forKey: .requestDateMilliseconds)
    {
      requestDate = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    } else {
      requestDate = try container.decode(Date.self, forKey: .requestDate)
    }
    let subscriber = try container.nestedContainer(
      keyedBy: SubscriberKeys.self, forKey: .subscriber)
    entitlements =
      try subscriber.decodeIfPresent([String: Entitlement].self, forKey: .entitlements) ?? [:]
    subscriptions =
      try subscriber.decodeIfPresent([String: Subscription].self, forKey: .subscriptions) ?? [:]
  }

  /// The subscriber in a response body.
  /// - Throws: `DecodingError` for a body that is not RevenueCat's shape.
  static func decode(_ body: Data) throws -> RevenueCatSubscriber {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "not an ISO 8601 date")
      }
      return date
    }
    return try decoder.decode(RevenueCatSubscriber.self, from: body)
  }

  /// An ISO 8601 timestamp, with or without fractional seconds.
  static func date(from text: String) -> Date? {
    if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
    return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
  }
}
