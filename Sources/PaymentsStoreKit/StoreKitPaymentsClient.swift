#if canImport(StoreKit)
  import Core
  import Foundation
  import Payments
  import StoreKit

  /// A `PaymentsClient` over StoreKit 2: buys, restores and reads subscriptions straight from
  /// the App Store, for an Apple app that does not use the RevenueCat SDK.
  ///
  /// It sells the products named at `init`, in that order, and grants the configured
  /// entitlement (`pro` by default) while any of them is active. The state comes from the
  /// verified transactions in `Transaction.currentEntitlements`; refunded and revoked ones
  /// count for nothing. After `configure(_:)` it listens to `Transaction.updates` (renewals,
  /// Ask to Buy approvals, purchases on other devices), finishes each verified transaction
  /// and publishes the new state to every `states()` subscriber.
  ///
  /// An Apple app chooses it in its own composition, in place of `MockPaymentsClient` or the
  /// read-only `RevenueCatRESTClient`, e.g.
  /// `StoreKitPaymentsClient(productIDs: [.monthlySubscription, .annualSubscription],
  /// clock: .live, logger: logger)`. Kiln's portable `AppComposition` does not wire it,
  /// because Linux builds cannot. The RevenueCat API key in `PaymentsConfig` is not used.
  ///
  /// Status: builds, unverified. This file has never been compiled: the machines that build
  /// Kiln run Linux, where StoreKit does not exist and this module is empty. The rules that
  /// turn entitlements into a `PaymentsState` live in the portable Payments module and are
  /// tested there.
  public actor StoreKitPaymentsClient: PaymentsClient {
    private let productIDs: [ProductID]
    private let clock: AppClock
    private let logger: AppLogger
    private let broadcaster: PaymentsStateBroadcaster
    private var entitlementID: EntitlementID
    private var configuration: PaymentsConfig?
    private var listener: Task<Void, Never>?
    private var productsByID: [ProductID: Product]?
    private var productsLoad: Task<[ProductID: Product], any Error>?
    private var refreshesStarted = 0
    private var refreshesPublished = 0

    /// A client selling `productIDs`.
    /// - Parameters:
    ///   - productIDs: the App Store product identifiers for sale, in paywall order; each one
    ///     unlocks the entitlement.
    ///   - entitlementID: the entitlement they grant, until `configure` names another.
    ///   - clock: judges expiry dates.
    ///   - logger: where purchases, restores and store failures are logged (`.payments`).
    public init(
      productIDs: [ProductID],
      entitlementID: EntitlementID = .pro,
      clock: AppClock,
      logger: AppLogger = .disabled
    ) {
      self.productIDs = productIDs
      self.entitlementID = entitlementID
      self.clock = clock
      self.logger = logger
      self.broadcaster = PaymentsStateBroadcaster(initial: .free)
    }

    deinit {
      listener?.cancel()
      productsLoad?.cancel()
    }

    // MARK: - PaymentsClient

    /// Adopts the configuration's entitlement, starts listening for transaction updates and
    /// loads the products and the current state. Later calls change nothing.
    public func configure(_ config: PaymentsConfig) async {
      guard configuration == nil else {
        if configuration != config {
          logger.notice(
            "StoreKit payments already configured; ignoring a different configuration",
            category: .payments)
        }
        return
      }
      configuration = config
      entitlementID = config.entitlementID
      listener = Task { [weak self] in
        for await update in Transaction.updates {
          guard let self else { return }
          await self.handle(update)
        }
      }
      logger.info("StoreKit payments configured: \(config)", category: .payments)
      await prefetchOfferings()
      _ = await currentState()
    }

    /// The current state first, then every distinct change.
    public nonisolated func states() -> AsyncStream<PaymentsState> {
      broadcaster.stream()
    }

    /// The state the device's verified current entitlements amount to, published to
    /// subscribers. When several refreshes overlap, the one started last wins.
    public func currentState() async -> PaymentsState {
      refreshesStarted += 1
      let refresh = refreshesStarted
      let state = await judgedState()
      guard refresh > refreshesPublished else { return broadcaster.current }
      refreshesPublished = refresh
      broadcaster.publish(state)
      return state
    }

    /// Buys `productID` through the App Store sheet; a verified purchase is finished and the
    /// new state published.
    /// - Throws: `PaymentsError.purchaseCancelled` when the user backs out, `.paymentPending`
    ///   for Ask to Buy, `.purchaseInvalid` when the store refuses or cannot verify the
    ///   purchase, `.productNotFound` for a product that is not for sale, and other
    ///   `PaymentsError`s for store and network failures.
    public func purchase(productID: ProductID) async throws {
      guard let product = try await products()[productID] else {
        throw PaymentsError.productNotFound(productID)
      }
      let result: Product.PurchaseResult
      do {
        result = try await product.purchase()
      } catch {
        let failure = Self.paymentsError(from: error)
        logger.info("StoreKit purchase of \(productID) failed: \(failure)", category: .payments)
        throw failure
      }
      switch result {
      case .success(.verified(let transaction)):
        await transaction.finish()
        let state = await currentState()
        logger.info("StoreKit purchase of \(productID): \(state)", category: .payments)
      case .success(.unverified(_, let error)):
        logger.notice(
          "StoreKit purchase of \(productID) failed verification: \(error)", category: .payments)
        throw PaymentsError.purchaseInvalid("The App Store could not verify this purchase.")
      case .userCancelled:
        throw PaymentsError.purchaseCancelled
      case .pending:
        throw PaymentsError.paymentPending
      @unknown default:
        throw PaymentsError.storeFailure("unknown purchase result")
      }
    }

    /// Asks the App Store for the user's purchases (it may ask the user to sign in), then
    /// returns and publishes the resulting state.
    /// - Throws: `PaymentsError` when the App Store cannot be reached or the user closes the
    ///   sign-in prompt (`.purchaseCancelled`), so "nothing to restore" is never confused
    ///   with "could not check".
    @discardableResult
    public func restore() async throws -> PaymentsState {
      do {
        try await AppStore.sync()
      } catch {
        let failure = Self.paymentsError(from: error)
        logger.info("StoreKit restore failed: \(failure)", category: .payments)
        throw failure
      }
      let state = await currentState()
      logger.info("StoreKit restore: \(state)", category: .payments)
      return state
    }

    /// Loads the products so the paywall opens instantly; a failure is logged and retried
    /// by the next call.
    public func prefetchOfferings() async {
      do {
        _ = try await products()
      } catch {
        logger.notice(
          "StoreKit products could not be loaded: \(Self.paymentsError(from: error))",
          category: .payments)
      }
    }

    /// The products for sale, in the order given at `init`.
    /// - Throws: `PaymentsError` when the App Store cannot be reached.
    public func getOfferings() async throws -> [PaymentsOffering] {
      let offerings = try await products().values.map(Self.offering(from:))
      return offerings.ordered(by: productIDs)
    }

    // MARK: - Products

    /// The products by identifier, loaded once; concurrent callers share one request, and a
    /// failed load is forgotten so the next call tries again.
    private func products() async throws -> [ProductID: Product] {
      if let productsByID { return productsByID }
      let load: Task<[ProductID: Product], any Error>
      if let productsLoad {
        load = productsLoad
      } else {
        let identifiers = productIDs.map(\.rawValue)
        load = Task {
          let products = try await Product.products(for: identifiers)
          return Dictionary(products.map { (ProductID($0.id), $0) }) { first, _ in first }
        }
        productsLoad = load
      }
      do {
        let loaded = try await load.value
        productsByID = loaded
        productsLoad = nil
        logMissingProducts(loaded)
        return loaded
      } catch {
        productsLoad = nil
        throw Self.paymentsError(from: error)
      }
    }

    private func logMissingProducts(_ loaded: [ProductID: Product]) {
      let missing = productIDs.filter { loaded[$0] == nil }
      guard !missing.isEmpty else { return }
      logger.notice(
        "The App Store returned no product for: "
          + missing.map(\.rawValue).joined(separator: ", "),
        category: .payments)
    }

    // MARK: - State

    private func judgedState() async -> PaymentsState {
      var entitlements: [StoreEntitlement] = []
      for await result in Transaction.currentEntitlements {
        guard case .verified(let transaction) = result else {
          logger.notice("Ignoring an unverified StoreKit entitlement", category: .payments)
          continue
        }
        entitlements.append(await Self.entitlement(from: transaction))
      }
      return PaymentsState.judging(
        entitlements, entitlementID: entitlementID, grantingProductIDs: Set(productIDs),
        now: clock.now())
    }

    private func handle(_ update: VerificationResult<Transaction>) async {
      switch update {
      case .verified(let transaction):
        await transaction.finish()
        let state = await currentState()
        logger.info(
          "StoreKit transaction update for \(transaction.productID): \(state)",
          category: .payments)
      case .unverified(let transaction, let error):
        logger.notice(
          "Ignoring an unverified StoreKit transaction for \(transaction.productID): \(error)",
          category: .payments)
      }
    }
  }
#endif
