/// Answers FeatureChat's free-tier question ("is this user subscribed?") from a
/// `PaymentsClient`, so FeatureChat never depends on Payments.
///
/// FeatureChat declares its own small subscription-status protocol; the app conforms this
/// adapter to it in one line (or passes `isSubscribedProvider` / `subscriptionUpdates` as
/// closures), for example:
///
/// ```swift
/// extension PaymentsStatusAdapter: SubscriptionStatusProviding {}
/// ```
///
/// `isSubscribed()` uses `PaymentsClient.currentState()`, which answers from the cache when it
/// is fresh and judges the cached customer info offline when the network is down.
public struct PaymentsStatusAdapter: Sendable {
  private let paymentsClient: any PaymentsClient

  /// An adapter over `paymentsClient`.
  public init(paymentsClient: any PaymentsClient) {
    self.paymentsClient = paymentsClient
  }

  /// Whether the configured entitlement is active now.
  public func isSubscribed() async -> Bool {
    await paymentsClient.currentState().isSubscribed
  }

  /// Whether the user is subscribed: the current answer first, then every change (repeats
  /// are dropped). Stops listening to the client when the caller stops iterating.
  public func subscriptionUpdates() -> AsyncStream<Bool> {
    let states = paymentsClient.states()
    let (stream, continuation) = AsyncStream.makeStream(
      of: Bool.self, bufferingPolicy: .bufferingNewest(1))
    let task = Task {
      var last: Bool?
      for await state in states where state.isSubscribed != last {
        last = state.isSubscribed
        continuation.yield(state.isSubscribed)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// `isSubscribed()` as a closure, for APIs that take one.
  public var isSubscribedProvider: @Sendable () async -> Bool {
    let client = paymentsClient
    return { await client.currentState().isSubscribed }
  }
}
