import FeatureChat
import Payments

/// Tells FeatureChat's free tier whether the user subscribed, from the payments client.
///
/// FeatureChat cannot depend on Payments (the module graph keeps features apart), so the
/// composition root joins them here.
struct PaymentsSubscriptionStatus: SubscriptionStatusProviding {
  let adapter: PaymentsStatusAdapter

  func isSubscribed() async -> Bool {
    await adapter.isSubscribed()
  }
}
