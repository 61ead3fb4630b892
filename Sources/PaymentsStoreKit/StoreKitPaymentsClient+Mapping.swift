#if canImport(StoreKit)
  import Core
  import Foundation
  import Payments
  import StoreKit

  // Translations from StoreKit's values to Kiln's. Each one is a small function of its input;
  // the rules that need no StoreKit type (judging entitlements, ordering offerings) live in
  // the portable Payments module, where they are tested on Linux.
  extension StoreKitPaymentsClient {
    // MARK: - Offerings

    /// The offering a product amounts to: its store name, description and price, its billing
    /// period when it is an auto-renewable subscription (`nil` otherwise, shown as a one-time
    /// purchase), and its introductory offer.
    static func offering(from product: Product) -> PaymentsOffering {
      PaymentsOffering(
        id: ProductID(product.id),
        title: product.displayName,
        summary: product.description.isEmpty ? nil : product.description,
        price: product.price,
        currencyCode: product.priceFormatStyle.currencyCode,
        priceText: product.displayPrice,
        period: product.subscription.map { period(from: $0.subscriptionPeriod) },
        introductoryOffer: product.subscription?.introductoryOffer.map(introductoryOffer(from:))
      )
    }

    static func introductoryOffer(from offer: Product.SubscriptionOffer) -> IntroductoryOffer {
      IntroductoryOffer(
        paymentMode: paymentMode(from: offer.paymentMode),
        price: offer.price,
        priceText: offer.displayPrice,
        period: period(from: offer.period),
        periodCount: offer.periodCount
      )
    }

    static func paymentMode(
      from mode: Product.SubscriptionOffer.PaymentMode
    )
      -> IntroductoryOffer.PaymentMode
    {
      if mode == .freeTrial { return .freeTrial }
      if mode == .payAsYouGo { return .payAsYouGo }
      if mode == .payUpFront { return .payUpFront }
      return IntroductoryOffer.PaymentMode(rawValue: String(describing: mode))
    }

    static func period(from period: Product.SubscriptionPeriod) -> SubscriptionPeriod {
      switch period.unit {
      case .day: return SubscriptionPeriod(value: period.value, unit: .day)
      case .week: return SubscriptionPeriod(value: period.value, unit: .week)
      case .month: return SubscriptionPeriod(value: period.value, unit: .month)
      case .year: return SubscriptionPeriod(value: period.value, unit: .year)
      @unknown default:
        // An open value that does not parse: shown as a period, never as "lifetime".
        return SubscriptionPeriod(rawValue: "P\(period.value)?")
      }
    }

    // MARK: - Entitlements

    /// A verified transaction as the plain values the portable judge reads. The renewal
    /// details come from the subscription's status, when the product is an auto-renewable
    /// subscription; `willAutoRenew` is `false` when the renewal information is unverified.
    static func entitlement(from transaction: Transaction) async -> StoreEntitlement {
      var renewal: StoreEntitlement.Renewal?
      if let status = await transaction.subscriptionStatus {
        var willAutoRenew = false
        var graceEnd: Date?
        if case .verified(let info) = status.renewalInfo {
          willAutoRenew = info.willAutoRenew
          graceEnd = info.gracePeriodExpirationDate
        }
        renewal = StoreEntitlement.Renewal(
          state: renewalState(from: status.state), willAutoRenew: willAutoRenew,
          gracePeriodExpirationDate: graceEnd)
      }
      return StoreEntitlement(
        productID: ProductID(transaction.productID),
        expirationDate: transaction.expirationDate,
        isRevoked: transaction.revocationDate != nil,
        isFreeTrial: isFreeTrial(transaction.offer),
        renewal: renewal
      )
    }

    static func renewalState(
      from state: Product.SubscriptionInfo.RenewalState
    )
      -> StoreEntitlement.RenewalState
    {
      if state == .subscribed { return .subscribed }
      if state == .inGracePeriod { return .inGracePeriod }
      if state == .inBillingRetryPeriod { return .inBillingRetryPeriod }
      if state == .expired { return .expired }
      if state == .revoked { return .revoked }
      return .unknown
    }

    /// Whether the transaction's period is an introductory free trial (an introductory
    /// discount that is paid for is not a trial).
    static func isFreeTrial(_ offer: Transaction.Offer?) -> Bool {
      guard let offer, offer.type == .introductory else { return false }
      return offer.paymentMode == .freeTrial
    }

    // MARK: - Errors

    /// The `PaymentsError` a StoreKit failure amounts to. The user closing a store sheet is
    /// `.purchaseCancelled`; messages in `.purchaseInvalid` are shown to the user.
    static func paymentsError(from error: any Error) -> PaymentsError {
      switch error {
      case let known as PaymentsError:
        return known
      case let storeKitError as StoreKitError:
        return paymentsError(from: storeKitError)
      case let purchaseError as Product.PurchaseError:
        return paymentsError(from: purchaseError)
      case is CancellationError:
        return .network(.cancelled)
      case let urlError as URLError:
        return .network(AppError.from(urlError))
      default:
        return .storeFailure(String(describing: error))
      }
    }

    static func paymentsError(from error: StoreKitError) -> PaymentsError {
      switch error {
      case .userCancelled:
        return .purchaseCancelled
      case .networkError(let urlError):
        return .network(AppError.from(urlError))
      case .notAvailableInStorefront:
        return .purchaseInvalid("This purchase isn't available in your country or region.")
      case .notEntitled:
        return .notConfigured("the In-App Purchase capability")
      case .systemError(let underlying):
        return .storeFailure("system error: \(underlying)")
      default:
        return .storeFailure(String(describing: error))
      }
    }

    static func paymentsError(from error: Product.PurchaseError) -> PaymentsError {
      switch error {
      case .purchaseNotAllowed:
        return .purchaseInvalid("Purchases aren't allowed on this device or account.")
      case .productUnavailable:
        return .purchaseInvalid("This plan isn't available right now.")
      case .ineligibleForOffer:
        return .purchaseInvalid("This offer isn't available for your account.")
      default:
        return .purchaseInvalid("The App Store couldn't process this purchase.")
      }
    }
  }
#endif
