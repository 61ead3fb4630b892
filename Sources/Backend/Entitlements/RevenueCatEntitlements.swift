import Foundation
import Networking

/// Entitlements from RevenueCat (issue #17 item 4), in this order:
/// 1. an operator's grant in the store that has not ended;
/// 2. the stored `EntitlementRecord` (from an earlier fetch or the webhook) while it is
///    younger than `cacheDuration`;
/// 3. RevenueCat's `GET {baseURL}/v1/subscribers/{app_user_id}` with the secret key, judged
///    by the client's rules (`RevenueCatSubscriber`) and saved through the store.
///
/// An unknown subscriber (404, an empty body, or no such entitlement) is not entitled, and
/// that answer is cached too. When RevenueCat cannot answer, an older stored record is used
/// if there is one; otherwise `RevenueCatError` is thrown and the proxy answers 503.
public struct RevenueCatEntitlements: EntitlementSource {
  /// RevenueCat's API.
  public static let defaultBaseURL =
    URL(string: "https://api.revenuecat.com")
    ?? URL(
      fileURLWithPath: "/")
  /// How long a stored record is trusted without asking RevenueCat: 5 minutes.
  public static let defaultCacheDuration: TimeInterval = 5 * 60
  /// The largest subscriber answer read: 1 MiB.
  public static let maximumResponseBytes = 1 << 20
  /// How long a RevenueCat request may take.
  public static let timeouts = HTTPTimeouts(connect: 10, idle: 10, total: 20)

  private let store: any ServerStore
  private let client: any HTTPClient
  private let baseURL: URL
  private let secretKey: String
  private let entitlementID: String
  private let cacheDuration: TimeInterval

  /// A source asking RevenueCat at `baseURL` with `secretKey` (sent only to RevenueCat,
  /// never logged) about `entitlementID`, caching answers in `store` for `cacheDuration`.
  public init(
    store: any ServerStore, client: any HTTPClient, secretKey: String, entitlementID: String,
    baseURL: URL = RevenueCatEntitlements.defaultBaseURL,
    cacheDuration: TimeInterval = RevenueCatEntitlements.defaultCacheDuration
  ) {
    self.store = store
    self.client = client
    self.baseURL = baseURL
    self.secretKey = secretKey
    self.entitlementID = entitlementID
    self.cacheDuration = cacheDuration
  }

  /// Whether `userID` is entitled at `now`.
  /// - Throws: `ServerStoreError` when the store cannot answer, `RevenueCatError` when
  ///   RevenueCat cannot and nothing is stored for the user.
  public func isEntitled(userID: String, now: Date) async throws -> Bool {
    if let until = try await store.grantExpiry(for: userID), now < until { return true }
    let stored = try await store.entitlement(for: userID)
    if let stored, now.timeIntervalSince(stored.fetchedAt) < cacheDuration,
      stored.fetchedAt <= now
    {
      return stored.grantsAccess(at: now)
    }
    let fetched: EntitlementRecord
    do {
      fetched = try await fetch(userID: userID, now: now)
    } catch {
      // RevenueCat is down or refused us: what it last said (or the webhook last pushed) is
      // a better answer than a 503, however old; with nothing stored, refuse (fail closed).
      guard let stored else { throw error }
      return stored.grantsAccess(at: now)
    }
    try await store.saveEntitlement(fetched)
    // A fresh answer is judged at RevenueCat's request date, as the client judges it; a
    // stored one later by this server's clock (`grantsAccess`).
    return fetched.isActive
  }

  /// What RevenueCat says of `userID` now.
  /// - Throws: `RevenueCatError`.
  func fetch(userID: String, now: Date) async throws(RevenueCatError) -> EntitlementRecord {
    var request = HTTPRequest(url: try subscriberURL(userID))
    request.headers["Authorization"] = "Bearer " + secretKey
    request.headers["Accept"] = "application/json"
    request.cachePolicy = .noCache
    request.timeouts = Self.timeouts
    let answer: (status: Int, body: Data)
    do {
      answer = try await BoundedBody.fetch(
        request, client: client, limit: Self.maximumResponseBytes)
    } catch {
      switch error {
      case .tooLarge:
        throw .invalidAnswer("the answer is larger than \(Self.maximumResponseBytes) bytes")
      case .exchange(let reason): throw .unavailable(reason)
      }
    }
    let notEntitled = EntitlementRecord(
      userID: userID, isActive: false, expiresAt: nil, fetchedAt: now, source: "revenuecat")
    switch answer.status {
    case 404: return notEntitled
    case 200..<300: break
    default: throw .unavailable("HTTP status \(answer.status)")
    }
    guard !answer.body.isEmpty else { return notEntitled }
    let subscriber: RevenueCatSubscriber
    do {
      subscriber = try RevenueCatSubscriber.decode(answer.body)
    } catch {
      throw .invalidAnswer("the answer is not a RevenueCat subscriber")
    }
    let verdict = subscriber.judge(entitlementID: entitlementID, now: now)
    return EntitlementRecord(
      userID: userID, isActive: verdict.isActive, expiresAt: verdict.accessEnd, fetchedAt: now,
      source: "revenuecat")
  }

  /// `{baseURL}/v1/subscribers/{app_user_id}` with the id percent-encoded as one segment.
  func subscriberURL(_ userID: String) throws(RevenueCatError) -> URL {
    let unreserved = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    guard !userID.isEmpty,
      let segment = userID.addingPercentEncoding(withAllowedCharacters: unreserved),
      let url = URL(string: base + "/v1/subscribers/" + segment)
    else { throw .invalidAnswer("the user id cannot be put in a URL") }
    return url
  }
}

/// Why RevenueCat could not say whether a user is entitled. Messages hold a status or a
/// transport reason, never the secret key or the user's data.
public enum RevenueCatError: Error, Sendable, Hashable, CustomStringConvertible {
  /// RevenueCat did not answer, or answered with a status other than 2xx or 404.
  case unavailable(String)
  /// RevenueCat's answer could not be read.
  case invalidAnswer(String)

  /// A sentence for logs and operators; never holds a key, a secret or a URL's query.
  public var description: String {
    switch self {
    case .unavailable(let reason): "RevenueCat is unavailable: \(reason)"
    case .invalidAnswer(let reason): "RevenueCat's answer is unusable: \(reason)"
    }
  }
}

extension EntitlementRecord {
  /// Whether this record grants access at `now`: it was active when judged and its access
  /// (grace periods included) has not ended; a record with no end is lifetime access.
  public func grantsAccess(at now: Date) -> Bool {
    guard isActive else { return false }
    guard let expiresAt else { return true }
    return expiresAt >= now
  }
}
