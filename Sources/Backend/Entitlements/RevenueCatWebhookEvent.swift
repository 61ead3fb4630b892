import Foundation

/// One RevenueCat webhook event: the fields the server reads (others are ignored).
struct RevenueCatWebhookEvent: Sendable, Equatable {
  /// What an event does to the stored entitlement (decision 86).
  enum Change: Sendable, Equatable {
    /// Nothing: a test event, another entitlement, or a repeat.
    case none
    /// Active until the end (`expiration_at_ms`; `nil` is lifetime).
    case activeUntil(Date?)
    /// Access has ended.
    case expired(Date?)
    /// The event says something changed but not what access now is: the stored records of
    /// these users are marked stale, so the next request asks RevenueCat.
    case askRevenueCat([String])
  }

  var id: String
  var type: String
  var appUserID: String?
  var entitlementIDs: [String]
  var expiration: Date?
  var transferredFrom: [String]
  var transferredTo: [String]

  /// Events after which the user has access until `expiration_at_ms`. A cancellation or a
  /// billing issue does not end access early (RevenueCat extends `expiration_at_ms` through a
  /// grace period and sends EXPIRATION when access ends); neither does a pause.
  static let grantingTypes: Set<String> = [
    "INITIAL_PURCHASE", "RENEWAL", "UNCANCELLATION", "NON_RENEWING_PURCHASE",
    "SUBSCRIPTION_EXTENDED", "TEMPORARY_ENTITLEMENT_GRANT", "CANCELLATION", "BILLING_ISSUE",
    "SUBSCRIPTION_PAUSED",
  ]

  /// What this event changes for the entitlement `entitlementID`.
  func change(entitlementID: String) -> Change {
    switch type {
    case "TEST":
      return .none
    case "TRANSFER":
      return .askRevenueCat(transferredFrom + transferredTo)
    default:
      break
    }
    guard let appUserID else { return .none }
    guard entitlementIDs.contains(entitlementID) else {
      // PRODUCT_CHANGE and other events name the entitlements of what was bought; an event
      // about another entitlement leaves this one alone.
      return .none
    }
    if type == "EXPIRATION" { return .expired(expiration) }
    if Self.grantingTypes.contains(type) { return .activeUntil(expiration) }
    // PRODUCT_CHANGE (the new product may start only at renewal) and types added later.
    return .askRevenueCat([appUserID])
  }

  private struct Body: Decodable {
    var event: Event
  }

  private struct Event: Decodable {
    var id: String
    var type: String
    var appUserID: String?
    var entitlementID: String?
    var entitlementIDs: [String]?
    var expirationAtMilliseconds: Double?
    var transferredFrom: [String]?
    var transferredTo: [String]?

    enum CodingKeys: String, CodingKey {
      case id, type
      case appUserID = "app_user_id"
      case entitlementID = "entitlement_id"
      case entitlementIDs = "entitlement_ids"
      case expirationAtMilliseconds = "expiration_at_ms"
      case transferredFrom = "transferred_from"
      case transferredTo = "transferred_to"
    }
  }

  /// Why a body is not an event.
  enum DecodingFailure: Error, CustomStringConvertible {
    case notAnEvent
    case emptyField(String)

    var description: String {
      switch self {
      case .notAnEvent: "expected {\"event\":{\"id\":…,\"type\":…}}"
      case .emptyField(let name): "event.\(name) is empty"
      }
    }
  }

  /// The event in a webhook body.
  /// - Throws: `DecodingFailure` for anything else.
  static func decode(_ body: [UInt8]) throws(DecodingFailure) -> RevenueCatWebhookEvent {
    let decoded: Body
    do {
      decoded = try JSONDecoder().decode(Body.self, from: Data(body))
    } catch {
      throw .notAnEvent
    }
    let event = decoded.event
    guard !event.id.isEmpty else { throw .emptyField("id") }
    guard !event.type.isEmpty else { throw .emptyField("type") }
    if let appUserID = event.appUserID, appUserID.isEmpty { throw .emptyField("app_user_id") }
    return RevenueCatWebhookEvent(
      id: event.id, type: event.type, appUserID: event.appUserID,
      entitlementIDs: event.entitlementIDs ?? event.entitlementID.map { [$0] } ?? [],
      expiration: event.expirationAtMilliseconds.map { Date(timeIntervalSince1970: $0 / 1000) },
      transferredFrom: event.transferredFrom ?? [], transferredTo: event.transferredTo ?? [])
  }
}
