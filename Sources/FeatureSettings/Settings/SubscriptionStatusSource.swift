import Payments

/// Where the settings screen learns whether the user is subscribed: the two `PaymentsClient`
/// capabilities it uses, and nothing else.
public struct SubscriptionStatusSource: Sendable {
  /// The judged current state (`PaymentsClient.currentState()`): fetched or read from a
  /// fresh cache, so a subscriber is never mistaken for a free user before the first fetch.
  public var current: @Sendable () async -> PaymentsState
  /// The state now and every change after it (`PaymentsClient.states()`).
  public var updates: @Sendable () -> AsyncStream<PaymentsState>

  /// A source from two closures.
  public init(
    current: @escaping @Sendable () async -> PaymentsState,
    updates: @escaping @Sendable () -> AsyncStream<PaymentsState>
  ) {
    self.current = current
    self.updates = updates
  }

  /// The source backed by `payments`.
  public init(_ payments: any PaymentsClient) {
    self.init(current: { await payments.currentState() }, updates: { payments.states() })
  }
}
