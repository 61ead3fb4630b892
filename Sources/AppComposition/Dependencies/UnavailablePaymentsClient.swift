import Core
import Payments

/// The payments client of a build with no RevenueCat key: everyone is on the free tier and
/// buying says what to configure, instead of calling a store that does not exist.
actor UnavailablePaymentsClient: PaymentsClient {
  private let reason = AppError.notConfigured("REVENUECAT_API_KEY")

  func configure(_ config: PaymentsConfig) async {}

  nonisolated func states() -> AsyncStream<PaymentsState> {
    AsyncStream { continuation in
      continuation.yield(.free)
    }
  }

  func currentState() async -> PaymentsState { .free }

  func purchase(productID: ProductID) async throws { throw reason }

  func restore() async throws -> PaymentsState { throw reason }

  func prefetchOfferings() async {}

  func getOfferings() async throws -> [PaymentsOffering] { throw reason }
}
