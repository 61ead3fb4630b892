import Core
import Foundation

/// A `PaymentsClient` that never leaves the process: for development (`kiln` without a
/// RevenueCat key), previews and tests.
///
/// It sells the `samples` plans unless given others. Purchases and restores really change its
/// state: a purchase grants the configured entitlement until one billing period after the
/// injected clock's `now` (the introductory free trial's length, for a plan with one), and the
/// entitlement lapses when the clock passes that date. Tests script failures with
/// `failNextPurchase(with:)` and friends; `.purchaseCancelled` simulates the user backing out.
public actor MockPaymentsClient: PaymentsClient {
  private let clock: AppClock
  private let logger: AppLogger
  private let calendar: Calendar
  private let broadcaster: PaymentsStateBroadcaster
  private var offerings: [PaymentsOffering]
  private var placementOfferings: [PaywallPlacement: [PaymentsOffering]] = [:]
  private var entitlementID: EntitlementID
  private var restorableState: PaymentsState?
  private var purchaseFailures: [PaymentsError] = []
  private var restoreFailures: [PaymentsError] = []
  private var offeringsFailures: [PaymentsError] = []
  private var usedTrialProductIDs: Set<ProductID> = []

  /// The configuration from the first `configure(_:)` call, if any.
  public private(set) var configuration: PaymentsConfig?
  /// How many times `configure(_:)` was called.
  public private(set) var configureCallCount = 0
  /// The products bought so far, in order (failed and cancelled purchases excluded).
  public private(set) var purchasedProductIDs: [ProductID] = []
  /// How many restores succeeded.
  public private(set) var restoreCount = 0
  /// How many times `prefetchOfferings()` was called.
  public private(set) var prefetchCount = 0

  /// A mock that starts in `initialState` and sells `offerings`.
  /// - Parameters:
  ///   - clock: decides purchase dates and when entitlements lapse.
  ///   - offerings: the plans for sale; the sample monthly and annual plans by default.
  ///   - entitlementID: the entitlement a purchase grants, until `configure` names another.
  ///   - initialState: the state before any purchase.
  ///   - logger: where purchases and restores are logged (category `.payments`).
  public init(
    clock: AppClock,
    offerings: [PaymentsOffering] = PaymentsOffering.samples,
    entitlementID: EntitlementID = .pro,
    initialState: PaymentsState = .free,
    logger: AppLogger = .disabled
  ) {
    self.clock = clock
    self.logger = logger
    self.offerings = offerings
    self.entitlementID = entitlementID
    self.broadcaster = PaymentsStateBroadcaster(initial: initialState)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    self.calendar = calendar
  }

  // MARK: - PaymentsClient

  /// Records the first configuration and adopts its entitlement; later calls change nothing.
  public func configure(_ config: PaymentsConfig) async {
    configureCallCount += 1
    guard configuration == nil else {
      if configuration != config {
        logger.notice(
          "Mock payments already configured; ignoring a different configuration",
          category: .payments)
      }
      return
    }
    configuration = config
    entitlementID = config.entitlementID
    logger.info("Mock payments configured: \(config)", category: .payments)
  }

  /// The current state first, then every distinct change.
  public nonisolated func states() -> AsyncStream<PaymentsState> {
    broadcaster.stream()
  }

  /// The state at the clock's `now`: a purchase whose expiry has passed has lapsed.
  public func currentState() async -> PaymentsState {
    let judged = lapsingExpired(broadcaster.current)
    broadcaster.publish(judged)
    return judged
  }

  /// Buys `productID` from the plans for sale, granting the entitlement until one period (or
  /// the free trial) after now.
  /// - Throws: a scripted failure, or `PaymentsError.productNotFound`.
  public func purchase(productID: ProductID) async throws {
    if !purchaseFailures.isEmpty {
      let failure = purchaseFailures.removeFirst()
      logger.info("Mock purchase of \(productID) failed: \(failure)", category: .payments)
      throw failure
    }
    let forSale = offerings + placementOfferings.values.joined()
    guard let offering = forSale.first(where: { $0.id == productID }) else {
      throw PaymentsError.productNotFound(productID)
    }
    let now = clock.now()
    var expiry = offering.period?.date(after: now, in: calendar)
    var isTrial = false
    if let offer = offering.introductoryOffer, offer.isFreeTrial,
      !usedTrialProductIDs.contains(productID)
    {
      expiry = trialEnd(of: offer, from: now) ?? expiry
      isTrial = true
      usedTrialProductIDs.insert(productID)
    }
    var entitlements = lapsingExpired(broadcaster.current).activeEntitlementIDs
    entitlements.insert(entitlementID)
    let state = PaymentsState(
      isSubscribed: true, activeEntitlementIDs: entitlements, expirationDate: expiry,
      productID: productID, willRenew: expiry != nil, isTrial: isTrial)
    purchasedProductIDs.append(productID)
    restorableState = state
    broadcaster.publish(state)
    logger.info("Mock purchase of \(productID): \(state)", category: .payments)
  }

  /// Publishes and returns what the account holds: the last purchase, or the state set with
  /// `setRestorableState(_:)`, or the current state.
  /// - Throws: a scripted failure.
  @discardableResult
  public func restore() async throws -> PaymentsState {
    if !restoreFailures.isEmpty {
      let failure = restoreFailures.removeFirst()
      logger.info("Mock restore failed: \(failure)", category: .payments)
      throw failure
    }
    restoreCount += 1
    let restored = lapsingExpired(restorableState ?? broadcaster.current)
    broadcaster.publish(restored)
    logger.info("Mock restore: \(restored)", category: .payments)
    return restored
  }

  /// Counts the call; the plans are always at hand.
  public func prefetchOfferings() async {
    prefetchCount += 1
  }

  /// The plans for sale.
  /// - Throws: a scripted failure.
  public func getOfferings() async throws -> [PaymentsOffering] {
    try await getOfferings(for: nil)
  }

  /// The plans set for `placement` with `setOfferings(_:for:)`, else the plans for sale.
  /// - Throws: a scripted failure.
  public func getOfferings(for placement: PaywallPlacement?) async throws -> [PaymentsOffering] {
    if !offeringsFailures.isEmpty { throw offeringsFailures.removeFirst() }
    return placement.flatMap { placementOfferings[$0] } ?? offerings
  }

  // MARK: - Scripting

  /// Makes the next purchase throw `error` instead of buying (`.purchaseCancelled` simulates
  /// the user closing the store sheet). Several calls queue in order.
  public func failNextPurchase(with error: PaymentsError) {
    purchaseFailures.append(error)
  }

  /// Makes the next purchase end as if the user cancelled it.
  public func simulateUserCancellingNextPurchase() {
    purchaseFailures.append(.purchaseCancelled)
  }

  /// Makes the next restore throw `error`.
  public func failNextRestore(with error: PaymentsError) {
    restoreFailures.append(error)
  }

  /// Makes the next `getOfferings()` throw `error`.
  public func failNextOfferingsLoad(with error: PaymentsError) {
    offeringsFailures.append(error)
  }

  /// Sets what a restore finds, as if the user had bought on another device.
  public func setRestorableState(_ state: PaymentsState?) {
    restorableState = state
  }

  /// Replaces the current state and tells every subscriber.
  public func setState(_ state: PaymentsState) {
    broadcaster.publish(state)
  }

  /// Replaces the plans for sale.
  public func setOfferings(_ offerings: [PaymentsOffering]) {
    self.offerings = offerings
  }

  /// Sells `offerings` on the paywall shown at `placement` (others keep the plans for sale);
  /// they can be bought from anywhere, as RevenueCat's products can.
  public func setOfferings(_ offerings: [PaymentsOffering], for placement: PaywallPlacement) {
    placementOfferings[placement] = offerings
  }

  // MARK: - Time

  /// `state` as it stands at the clock's `now`: an entitlement whose expiry has passed no
  /// longer grants access (an expiry equal to `now` still does, as with RevenueCat).
  private func lapsingExpired(_ state: PaymentsState) -> PaymentsState {
    guard state.isSubscribed, let expiry = state.expirationDate, expiry < clock.now() else {
      return state
    }
    var lapsed = state
    lapsed.isSubscribed = false
    lapsed.activeEntitlementIDs.remove(entitlementID)
    lapsed.willRenew = false
    lapsed.isTrial = false
    lapsed.isInGracePeriod = false
    lapsed.hasBillingIssue = false
    return lapsed
  }

  private func trialEnd(of offer: IntroductoryOffer, from start: Date) -> Date? {
    guard let unit = offer.period.unit, let value = offer.period.value else { return nil }
    let total = SubscriptionPeriod(value: value * max(1, offer.periodCount), unit: unit)
    return total.date(after: start, in: calendar)
  }
}
