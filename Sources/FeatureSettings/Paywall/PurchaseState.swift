import Core
import Localization
import Payments

/// What the paywall's buttons are doing, and how the last purchase or restore ended.
public enum PurchaseState: Equatable, Sendable {
  /// Nothing is running and nothing needs saying.
  case idle
  /// The store is selling `ProductID`.
  case purchasing(ProductID)
  /// Purchases are being restored.
  case restoring
  /// The purchase of `ProductID` went through.
  case purchased(ProductID)
  /// A restore found an active subscription.
  case restored
  /// The last action failed; the user can try again.
  case failed(PaywallFailure)

  /// Whether a purchase or restore is running (the buttons are disabled).
  public var isBusy: Bool {
    switch self {
    case .purchasing, .restoring: return true
    case .idle, .purchased, .restored, .failed: return false
    }
  }
}

/// Why a paywall action failed, localized when read.
public enum PaywallFailure: Equatable, Sendable {
  /// "Upgrade" was tapped before a plan was chosen.
  case noPlanSelected
  /// The restore worked but found no active subscription.
  case nothingToRestore
  /// The store, RevenueCat or the network failed.
  case error(AppError)

  /// The sentence to show, in the current language.
  public var message: String {
    switch self {
    case .noPlanSelected: return L10n.Payments.selectPlan
    case .nothingToRestore: return L10n.Payments.nothingToRestore
    case .error(let error): return error.localizedUserMessage
    }
  }
}
