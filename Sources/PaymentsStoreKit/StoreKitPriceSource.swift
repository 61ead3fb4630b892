#if canImport(StoreKit)
  import Core
  import Foundation
  import Payments
  import StoreKit

  /// Prices from the App Store, for `RevenueCatRESTClient` on Apple platforms: RevenueCat's
  /// REST offerings name products, and StoreKit says what they cost in the user's storefront.
  ///
  /// Pass it as `RevenueCatRESTClient(…, prices: StoreKitPriceSource(logger: logger))`.
  /// Each call asks StoreKit for the products it is given (StoreKit caches them); products the
  /// store does not know, or a failed request, price nothing and the paywall says the price
  /// is shown at purchase.
  ///
  /// Status: builds, unverified. This file has never been compiled: the machines that build
  /// Kiln run Linux, where StoreKit does not exist and this module is empty.
  public struct StoreKitPriceSource: ProductPriceSource {
    private let logger: AppLogger

    /// A source that logs failed lookups to `logger` (category `.payments`).
    public init(logger: AppLogger = .disabled) {
      self.logger = logger
    }

    /// The App Store's prices for those of `productIDs` it sells.
    public func prices(for productIDs: [ProductID]) async -> [ProductID: ProductPrice] {
      guard !productIDs.isEmpty else { return [:] }
      do {
        let products = try await Product.products(for: productIDs.map(\.rawValue))
        var prices: [ProductID: ProductPrice] = [:]
        for product in products {
          prices[ProductID(product.id)] = ProductPrice(
            amount: product.price, currencyCode: product.priceFormatStyle.currencyCode,
            text: product.displayPrice)
        }
        return prices
      } catch {
        logger.notice(
          "StoreKit prices could not be loaded: "
            + "\(StoreKitPaymentsClient.paymentsError(from: error))",
          category: .payments)
        return [:]
      }
    }
  }
#endif
