import Core
import Foundation
import Networking

/// A portable `PaymentsClient` over RevenueCat's REST API v1, for Linux and for any platform
/// without the RevenueCat SDK.
///
/// It reads the customer info (`GET /v1/subscribers/{app_user_id}`) and judges entitlements
/// the way RevenueCat's SDK does: against the server's `request_date` while the answer is at
/// most 3 days old and the injected clock after that, with grace periods, lifetime purchases,
/// refunds and trials handled. The last answer is persisted per app user through a
/// `CustomerInfoStore`; it is refetched when stale (5 minutes in the foreground, 25 hours in
/// the background) and judged offline when RevenueCat cannot be reached, so entitlement
/// checks keep working without a network. Concurrent requests share one fetch.
///
/// It cannot buy: purchases need StoreKit, which lives in an Apple-only target.
/// `purchase(productID:)` throws `PaymentsError.purchasesUnavailable`; `restore()` asks
/// RevenueCat again, which finds purchases made in the app on other devices.
///
/// Offerings come from `GET /v1/subscribers/{app_user_id}/offerings`: every package of the
/// offering chosen for the placement, its period from the package type. Their prices come
/// from a `ProductPriceSource` (StoreKit on Apple platforms, the configured catalogue
/// elsewhere), because RevenueCat leaves pricing to the store; a package nobody can price is
/// still offered, with no price.
public actor RevenueCatRESTClient: PaymentsClient {
  let httpClient: any HTTPClient
  let clock: AppClock
  let cache: CustomerInfoCache
  let priceSource: any ProductPriceSource
  let cachePolicy: CustomerInfoCachePolicy
  let logger: AppLogger
  let broadcaster = PaymentsStateBroadcaster()

  var config: PaymentsConfig?
  var cached: CachedCustomerInfo?
  var customerFetch: Fetch<CachedCustomerInfo>?
  var offeringsCache: (appUserID: String, body: RevenueCatOfferingsResponse, fetchedAt: Date)?
  var offeringsFetch: Fetch<RevenueCatOfferingsResponse>?
  var nextFetchID = 0
  var isInForeground = true

  /// One request in flight, shared by everyone who needs its answer meanwhile.
  struct Fetch<Value: Sendable> {
    let id: Int
    let appUserID: String
    let task: Task<Value, any Error>
  }

  /// A client; call `configure(_:)` before use.
  /// - Parameters:
  ///   - httpClient: sends the requests; its own base URL is not used (requests carry
  ///     absolute URLs under `PaymentsConfig.baseURL`).
  ///   - clock: judges entitlements once the server's answer is over 3 days old, and dates
  ///     cache entries.
  ///   - customerInfoStore: keeps the last customer info per app user across launches.
  ///   - prices: what the products the offerings name cost; a product it does not know is
  ///     offered without a price. None by default.
  ///   - cachePolicy: when a cached customer info or offering list is stale.
  ///   - logger: fetches, verdicts and failures under `.payments`; never the API key.
  public init(
    httpClient: any HTTPClient,
    clock: AppClock,
    customerInfoStore: any CustomerInfoStore,
    prices: any ProductPriceSource = ProductCatalogue(),
    cachePolicy: CustomerInfoCachePolicy = .standard,
    logger: AppLogger = .disabled
  ) {
    self.httpClient = httpClient
    self.clock = clock
    self.cache = CustomerInfoCache(store: customerInfoStore, logger: logger)
    self.priceSource = prices
    self.cachePolicy = cachePolicy
    self.logger = logger
  }

  // MARK: - PaymentsClient

  /// Applies `config` once and shows the user's cached state, if any. A second call with the
  /// same configuration does nothing; a different one is ignored and logged. A missing or
  /// placeholder key is logged; nothing is fetched with it.
  public func configure(_ config: PaymentsConfig) async {
    if let current = self.config {
      if current != config {
        logger.notice(
          "RevenueCat is already configured; ignoring a different configuration",
          category: .payments)
      }
      return
    }
    self.config = config
    logger.info("RevenueCat configured: \(config)", category: .payments)
    if !config.hasUsableAPIKey {
      logger.error(
        "The RevenueCat API key is missing or a placeholder; nothing will be fetched",
        category: .payments)
    }
    loadCache(for: config.appUserID)
  }

  /// The current state first, then every distinct change.
  public nonisolated func states() -> AsyncStream<PaymentsState> {
    broadcaster.stream()
  }

  /// The state from the cache when it is fresh; otherwise fetched. When the fetch fails the
  /// cached answer is judged offline (request-date rule), or `.free` when there is none.
  public func currentState() async -> PaymentsState {
    guard let config, config.appUserID != nil else { return broadcaster.current }
    if let cached, !isStale(cached.fetchedAt) { return publishState(from: cached) }
    guard config.hasUsableAPIKey else {
      return cached.map { publishState(from: $0) } ?? broadcaster.current
    }
    do {
      return publishState(from: try await refreshCustomerInfo())
    } catch {
      // Offline, or RevenueCat failed: the last answer is judged on its own (request-date
      // rule included) rather than dropping a paying user to free.
      logger.error("Refreshing the subscription state", error, category: .payments)
      return cached.map { publishState(from: $0) } ?? broadcaster.current
    }
  }

  /// Always throws `PaymentsError.purchasesUnavailable`: the REST API cannot charge anyone.
  /// Purchases go through StoreKit in the Apple-only target.
  public func purchase(productID: ProductID) async throws {
    logger.notice(
      "Purchase of \(productID) refused: purchases need StoreKit, unavailable here",
      category: .payments)
    throw PaymentsError.purchasesUnavailable
  }

  /// Fetches the customer info again (purchases made on any device show up) and returns the
  /// state it gives.
  /// - Throws: `PaymentsError`: `.notConfigured` before `configure(_:)` or without a usable
  ///   key, `.notSignedIn` without an app user id, and fetch failures (`.network`,
  ///   `.invalidAPIKey`, `.server`, `.invalidResponse`).
  @discardableResult
  public func restore() async throws -> PaymentsState {
    guard config != nil else { throw PaymentsError.notConfigured("RevenueCat") }
    do {
      let state = publishState(from: try await refreshCustomerInfo())
      logger.info("Restore finished: \(state)", category: .payments)
      return state
    } catch {
      logger.error("Restoring purchases", error, category: .payments)
      throw error
    }
  }

  // MARK: - Lifecycle and identity

  /// Tells the client whether the app is in the foreground, which decides how long a cached
  /// customer info stays fresh (5 minutes in the foreground, 25 hours in the background).
  public func setInForeground(_ isInForeground: Bool) {
    self.isInForeground = isInForeground
  }

  /// Switches to another app user (sign-in, sign-out with `nil`). The new user's cached
  /// customer info, if any, becomes the state at once; otherwise the state is `.free` until
  /// the next fetch. A fetch still running for the previous user can no longer change the
  /// state. Does nothing before `configure(_:)`.
  public func changeAppUser(to appUserID: String?) async {
    guard var config, config.appUserID != appUserID else { return }
    config.appUserID = appUserID
    self.config = config
    customerFetch = nil
    offeringsFetch = nil
    offeringsCache = nil
    cached = nil
    broadcaster.publish(.free)
    logger.info("RevenueCat app user changed", category: .payments)
    loadCache(for: appUserID)
  }

  // MARK: - State

  /// Judges `record` now, publishes the result and returns it. A record of another user than
  /// the current one is never judged (a late answer after a user change).
  @discardableResult
  func publishState(from record: CachedCustomerInfo) -> PaymentsState {
    guard let config, record.appUserID == config.appUserID else { return broadcaster.current }
    let state = record.customerInfo.paymentsState(
      entitlementID: config.entitlementID, now: clock.now())
    if broadcaster.publish(state) {
      logger.info("Subscription state: \(state)", category: .payments)
    }
    return state
  }

  func isStale(_ fetchedAt: Date) -> Bool {
    cachePolicy.isStale(fetchedAt: fetchedAt, now: clock.now(), isInForeground: isInForeground)
  }

  private func loadCache(for appUserID: String?) {
    guard let appUserID, let record = cache.load(for: appUserID) else { return }
    cached = record
    publishState(from: record)
  }
}
