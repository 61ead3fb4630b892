/// Where a payments client learns what products cost.
///
/// RevenueCat's REST offerings name products but carry no prices: the store has them. On
/// Apple platforms StoreKit answers (`PaymentsStoreKit.StoreKitPriceSource`); elsewhere the
/// app's configured `ProductCatalogue` does, or nobody, and the paywall says the price is
/// shown at purchase.
public protocol ProductPriceSource: Sendable {
  /// The prices of those `productIDs` the source knows; the others are left out. Never
  /// throws: a lookup that failed is logged by the source and prices nothing.
  func prices(for productIDs: [ProductID]) async -> [ProductID: ProductPrice]
}

/// A fixed list of product prices, such as the one configured for Linux, where there is no
/// store to ask.
public struct ProductCatalogue: ProductPriceSource, Equatable {
  /// The prices by product.
  public let prices: [ProductID: ProductPrice]

  /// A catalogue of `prices`; an empty one prices nothing.
  public init(_ prices: [ProductID: ProductPrice] = [:]) {
    self.prices = prices
  }

  /// The listed prices among `productIDs`.
  public func prices(for productIDs: [ProductID]) async -> [ProductID: ProductPrice] {
    prices.filter { productIDs.contains($0.key) }
  }
}
