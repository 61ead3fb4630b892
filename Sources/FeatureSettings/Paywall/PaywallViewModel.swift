import Core
import DesignSystem
import Foundation
import Localization
import Observation
import Payments

/// The paywall: plans with their prices, the one the user picked, buying, restoring, and the
/// "Already Subscribed" state. SwiftUI's `PaywallView` and `kiln`'s `/upgrade` drive it.
///
/// Call `load()` when the paywall appears (it loads the plans once, however often it is
/// called) and keep `observeSubscriptionChanges()` running while it is shown, so a purchase
/// finished elsewhere shows at once. Render `content`; show `errorMessage` and
/// `successMessage` when set.
@MainActor @Observable
public final class PaywallViewModel {
  /// The plans, as loaded.
  public internal(set) var offerings: Loadable<[PaymentsOffering]> = .idle
  /// The plan the user picked, if any. Nothing is preselected.
  public internal(set) var selectedOfferingID: ProductID?
  /// The subscription as last reported; `nil` until `load()` asked for it.
  public internal(set) var subscription: PaymentsState?
  /// What the purchase and restore buttons are doing, and how they last ended.
  public internal(set) var purchaseState: PurchaseState = .idle
  /// The terms, privacy policy and subscription terms to link under the plans (only real
  /// `https` links).
  public let legalLinks: [LegalLink]
  /// Where the paywall opened, which decides the offering RevenueCat shows; `nil` when the
  /// user opened it themselves.
  public let placement: PaywallPlacement?

  @ObservationIgnored let payments: any PaymentsClient
  @ObservationIgnored let logger: AppLogger
  @ObservationIgnored let onPurchaseCompleted: @MainActor (ProductID) -> Void
  @ObservationIgnored private var runningLoad: Task<Void, Never>?

  /// A paywall selling what `payments` offers.
  /// - Parameters:
  ///   - payments: the subscription client (offerings, purchase, restore, state).
  ///   - placement: why the paywall opened (`.messageLimitReached` when the free messages
  ///     ran out), or `nil` when the user opened it.
  ///   - brand: where the legal links point.
  ///   - logger: failures are logged here (category `.payments`) with their detail.
  ///   - onPurchaseCompleted: called after a purchase went through, e.g. to record the
  ///     rating engine's "purchase completed" event.
  public init(
    payments: any PaymentsClient,
    placement: PaywallPlacement? = nil,
    brand: BrandConfig = .default,
    logger: AppLogger = .disabled,
    onPurchaseCompleted: @escaping @MainActor (ProductID) -> Void = { _ in }
  ) {
    self.payments = payments
    self.placement = placement
    self.legalLinks = LegalLink.links(for: brand)
    self.logger = logger
    self.onPurchaseCompleted = onPurchaseCompleted
  }

  // MARK: - What to render

  /// What the paywall shows.
  public enum Content: Equatable, Sendable {
    /// The plans or the subscription state are still loading.
    case loading
    /// The plans to choose from, in display order.
    case plans([PaywallPlan])
    /// No plans could be loaded; the message says why. Offer `retryButtonTapped()`.
    case unavailable(message: String)
    /// The user already has Pro: show its status, "Continue" and "Manage Subscription".
    case alreadySubscribed(PaymentsState)
  }

  /// What the paywall shows now.
  public var content: Content {
    if let subscription, subscription.isSubscribed { return .alreadySubscribed(subscription) }
    switch offerings {
    case .idle, .loading: return .loading
    case .loaded(let offerings):
      return .plans(PaywallPlan.plans(for: offerings, selectedID: selectedOfferingID))
    case .empty: return .unavailable(message: L10n.Payments.plansUnavailable)
    case .failed(let error): return .unavailable(message: error.localizedUserMessage)
    }
  }

  /// Whether the configured entitlement is active.
  public var isSubscribed: Bool { subscription?.isSubscribed == true }

  /// The plan the user picked.
  public var selectedOffering: PaymentsOffering? {
    offerings.value?.first { $0.id == selectedOfferingID }
  }

  /// The failure to show, localized; `nil` when there is none.
  public var errorMessage: String? {
    if case .failed(let failure) = purchaseState { return failure.message }
    return nil
  }

  /// "Welcome to Pro!" after a purchase, "Your purchases have been restored." after a
  /// restore that found a subscription; otherwise `nil`.
  public var successMessage: String? {
    switch purchaseState {
    case .purchased: return L10n.Payments.purchaseSucceeded
    case .restored: return L10n.Payments.restoreSucceeded
    case .idle, .purchasing, .restoring, .failed: return nil
    }
  }

  /// Whether "Upgrade" and "Restore Purchases" are disabled because one of them is running.
  public var isBusy: Bool { purchaseState.isBusy }

  /// Where the user manages the subscription in its store, when known.
  public var manageSubscriptionURL: URL? { subscription?.managementURL }

  // MARK: - Loading

  /// Loads the subscription state and the plans. Plans load once: later calls (concurrent
  /// ones included) wait for the same load and do not ask again, unless it failed or found
  /// nothing, in which case the next call tries again.
  public func load() async {
    if offerings.value != nil { return }
    if let runningLoad {
      await runningLoad.value
      return
    }
    let load = Task { await self.fetch() }
    runningLoad = load
    await load.value
    runningLoad = nil
  }

  /// Tries loading the plans again after a failure.
  public func retryButtonTapped() async {
    await load()
  }

  /// Follows the subscription state until the calling task is cancelled (SwiftUI's `.task`).
  public func observeSubscriptionChanges() async {
    for await state in payments.states() {
      subscription = state
    }
  }

  private func fetch() async {
    offerings = .loading
    if subscription == nil {
      subscription = await payments.currentState()
    }
    do {
      let loaded = try await payments.getOfferings(for: placement)
      offerings = loaded.isEmpty ? .empty : .loaded(loaded)
      if !loaded.contains(where: { $0.id == selectedOfferingID }) { selectedOfferingID = nil }
    } catch {
      let diagnosis = AppError.diagnose(error)
      logger.error("Loading offerings failed: \(diagnosis.detail)", category: .payments)
      offerings = diagnosis.error == .cancelled ? .idle : .failed(diagnosis.error)
    }
  }
}
