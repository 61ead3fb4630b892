import Foundation

/// The body of `GET /v1/subscribers/{app_user_id}`: a customer ("subscriber") as RevenueCat
/// knew it at `requestDate`.
///
/// Only the fields Kiln judges are decoded; unknown fields are ignored, and absent maps decode
/// as empty. Kept inside the package: no RevenueCat type reaches the public API.
package struct RevenueCatCustomerInfo: Codable, Sendable, Equatable {
  /// The server's clock when it answered (`request_date_ms`, else `request_date`). Entitlements
  /// are judged against it while it is recent, so a wrong device clock cannot extend access.
  package var requestDate: Date
  /// The customer.
  package var subscriber: Subscriber

  package init(requestDate: Date, subscriber: Subscriber) {
    self.requestDate = requestDate
    self.subscriber = subscriber
  }

  package struct Subscriber: Codable, Sendable, Equatable {
    /// Every entitlement the customer has ever had, expired ones included, by identifier.
    package var entitlements: [String: Entitlement]
    /// Subscription purchases by product identifier.
    package var subscriptions: [String: Subscription]
    /// One-time purchases by product identifier.
    package var nonSubscriptions: [String: [NonSubscription]]
    /// The customer's first app user id.
    package var originalAppUserID: String?
    /// Where the customer manages the active subscription; `nil` when none is active.
    package var managementURL: URL?

    package init(
      entitlements: [String: Entitlement] = [:],
      subscriptions: [String: Subscription] = [:],
      nonSubscriptions: [String: [NonSubscription]] = [:],
      originalAppUserID: String? = nil,
      managementURL: URL? = nil
    ) {
      self.entitlements = entitlements
      self.subscriptions = subscriptions
      self.nonSubscriptions = nonSubscriptions
      self.originalAppUserID = originalAppUserID
      self.managementURL = managementURL
    }

    enum CodingKeys: String, CodingKey {
      case entitlements, subscriptions
      case nonSubscriptions = "non_subscriptions"
      case originalAppUserID = "original_app_user_id"
      case managementURL = "management_url"
    }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      // `decodeIfPresent` also turns an explicit `null` into `nil`.
      entitlements =
        try container.decodeIfPresent([String: Entitlement].self, forKey: .entitlements) ?? [:]
      subscriptions =
        try container.decodeIfPresent([String: Subscription].self, forKey: .subscriptions) ?? [:]
      nonSubscriptions =
        try container.decodeIfPresent(
          [String: [NonSubscription]].self, forKey: .nonSubscriptions) ?? [:]
      originalAppUserID = try container.decodeIfPresent(String.self, forKey: .originalAppUserID)
      // A malformed management URL is not worth failing the whole customer for.
      managementURL = (try container.decodeIfPresent(String.self, forKey: .managementURL))
        .flatMap { URL(string: $0) }
    }

  }

  /// One entitlement: when it expires and which product granted it.
  package struct Entitlement: Codable, Sendable, Equatable {
    /// When access ends; `nil` means lifetime. During a store billing grace period RevenueCat
    /// extends this date to the end of the grace period.
    package var expiresDate: Date?
    /// When the billing grace period ends, if the entitlement is or was in one.
    package var gracePeriodExpiresDate: Date?
    /// The product that unlocked the entitlement (the one with the furthest expiry).
    package var productIdentifier: String
    /// The latest purchase or renewal date.
    package var purchaseDate: Date?

    package init(
      expiresDate: Date?, gracePeriodExpiresDate: Date? = nil, productIdentifier: String,
      purchaseDate: Date? = nil
    ) {
      self.expiresDate = expiresDate
      self.gracePeriodExpiresDate = gracePeriodExpiresDate
      self.productIdentifier = productIdentifier
      self.purchaseDate = purchaseDate
    }

    enum CodingKeys: String, CodingKey {
      case expiresDate = "expires_date"
      case gracePeriodExpiresDate = "grace_period_expires_date"
      case productIdentifier = "product_identifier"
      case purchaseDate = "purchase_date"
    }
  }

  /// One subscription product's latest period.
  package struct Subscription: Codable, Sendable, Equatable {
    /// When the current paid period ends (not extended by a grace period).
    package var expiresDate: Date?
    /// When the latest period started.
    package var purchaseDate: Date?
    /// `normal`, `trial`, `intro` or (Google Play) `prepaid`; open.
    package var periodType: String?
    /// `app_store`, `play_store`, `stripe`, `promotional`, …; open.
    package var store: String?
    /// Whether the purchase was made in a sandbox.
    package var isSandbox: Bool?
    /// When RevenueCat saw the user turn renewal off.
    package var unsubscribeDetectedAt: Date?
    /// When RevenueCat saw a billing problem; reset to `nil` once resolved.
    package var billingIssuesDetectedAt: Date?
    /// When the billing grace period ends (or ended); `nil` if there never was one.
    package var gracePeriodExpiresDate: Date?
    /// When RevenueCat detected a refund of this subscription.
    package var refundedAt: Date?

    package init(
      expiresDate: Date?, purchaseDate: Date? = nil, periodType: String? = "normal",
      store: String? = "app_store", isSandbox: Bool? = false, unsubscribeDetectedAt: Date? = nil,
      billingIssuesDetectedAt: Date? = nil, gracePeriodExpiresDate: Date? = nil,
      refundedAt: Date? = nil
    ) {
      self.expiresDate = expiresDate
      self.purchaseDate = purchaseDate
      self.periodType = periodType
      self.store = store
      self.isSandbox = isSandbox
      self.unsubscribeDetectedAt = unsubscribeDetectedAt
      self.billingIssuesDetectedAt = billingIssuesDetectedAt
      self.gracePeriodExpiresDate = gracePeriodExpiresDate
      self.refundedAt = refundedAt
    }

    enum CodingKeys: String, CodingKey {
      case expiresDate = "expires_date"
      case purchaseDate = "purchase_date"
      case periodType = "period_type"
      case store
      case isSandbox = "is_sandbox"
      case unsubscribeDetectedAt = "unsubscribe_detected_at"
      case billingIssuesDetectedAt = "billing_issues_detected_at"
      case gracePeriodExpiresDate = "grace_period_expires_date"
      case refundedAt = "refunded_at"
    }
  }

  /// One one-time purchase.
  package struct NonSubscription: Codable, Sendable, Equatable {
    /// RevenueCat's identifier of the purchase.
    package var id: String?
    /// When it was bought.
    package var purchaseDate: Date?
    /// Where it was bought.
    package var store: String?

    package init(id: String? = nil, purchaseDate: Date? = nil, store: String? = nil) {
      self.id = id
      self.purchaseDate = purchaseDate
      self.store = store
    }

    enum CodingKeys: String, CodingKey {
      case id
      case purchaseDate = "purchase_date"
      case store
    }
  }
}

extension RevenueCatCustomerInfo {
  enum CodingKeys: String, CodingKey {
    case requestDate = "request_date"
    case requestDateMilliseconds = "request_date_ms"
    case subscriber
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let milliseconds = try container.decodeIfPresent(
      Int64.self, forKey: .requestDateMilliseconds)
    {
      requestDate = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    } else {
      requestDate = try container.decode(Date.self, forKey: .requestDate)
    }
    subscriber = try container.decode(Subscriber.self, forKey: .subscriber)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(requestDate, forKey: .requestDate)
    let milliseconds = (requestDate.timeIntervalSince1970 * 1000).rounded()
    try container.encode(Int64(milliseconds), forKey: .requestDateMilliseconds)
    try container.encode(subscriber, forKey: .subscriber)
  }
}

extension RevenueCatCustomerInfo.Subscriber {
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(entitlements, forKey: .entitlements)
    try container.encode(subscriptions, forKey: .subscriptions)
    try container.encode(nonSubscriptions, forKey: .nonSubscriptions)
    try container.encodeIfPresent(originalAppUserID, forKey: .originalAppUserID)
    try container.encodeIfPresent(managementURL?.absoluteString, forKey: .managementURL)
  }
}
