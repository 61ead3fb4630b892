/// The app's view of subscriptions: who is subscribed, what can be bought, buying and
/// restoring. No RevenueCat or StoreKit type appears in it.
///
/// Implementations: `RevenueCatRESTClient` (portable: reads customer info and offerings over
/// RevenueCat's REST API, cannot purchase), `MockPaymentsClient` (offline, for development,
/// previews and tests) and, on Apple platforms, a StoreKit-backed client in its own target.
public protocol PaymentsClient: Sendable {
  /// Applies `config`. Call once at app start; later calls with the same configuration do
  /// nothing, and a different configuration is ignored (and logged) rather than half-applied.
  func configure(_ config: PaymentsConfig) async

  /// Switches to another app user after a sign-in (`nil` after a sign-out). Clients whose
  /// store knows the user by itself (StoreKit, the offline mock) need not do anything.
  func changeAppUser(to appUserID: String?) async

  /// The subscription state now and every change after it. Each subscriber first receives
  /// the current state, then each new distinct state; any number of subscribers may listen
  /// at once. The stream ends when the subscriber stops listening or the client is released.
  func states() -> AsyncStream<PaymentsState>

  /// The current state, from the cache when it is fresh. Never throws: when the network is
  /// unavailable the last known state is judged offline.
  func currentState() async -> PaymentsState

  /// Buys `productID` (an offering's `id`). The new state arrives through `states()`.
  /// - Throws: `PaymentsError`; `.purchaseCancelled` when the user backs out, which callers
  ///   must not show as an error.
  func purchase(productID: ProductID) async throws

  /// Asks the store and RevenueCat again for the user's purchases and returns the result.
  /// - Throws: `PaymentsError` when the lookup fails (so "nothing to restore" is never
  ///   confused with "could not check").
  @discardableResult
  func restore() async throws -> PaymentsState

  /// Loads offerings ahead of time so the paywall opens instantly; failures are only logged.
  func prefetchOfferings() async

  /// The offerings with their pricing, in display order.
  /// - Throws: `PaymentsError` when they cannot be loaded.
  func getOfferings() async throws -> [PaymentsOffering]

  /// The offerings for the paywall shown at `placement` (`nil`: the user opened it), in
  /// display order. Clients without placements answer as `getOfferings()`.
  /// - Throws: `PaymentsError` when they cannot be loaded.
  func getOfferings(for placement: PaywallPlacement?) async throws -> [PaymentsOffering]
}

extension PaymentsClient {
  /// Does nothing: the store follows the signed-in user without being told.
  public func changeAppUser(to appUserID: String?) async {}

  /// The same offerings wherever the paywall opens: a store on its own (StoreKit with a fixed
  /// product list) has no placements.
  public func getOfferings(for placement: PaywallPlacement?) async throws -> [PaymentsOffering] {
    try await getOfferings()
  }
}
