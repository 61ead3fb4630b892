import Core
import Foundation

/// Why a payments operation failed.
///
/// Map to `AppError` with `asAppError()` (or `AppError.from(_:)`, which knows this type).
/// A user who closes the store sheet is not a failure: check `isCancelledByUser` (or
/// `PaymentsError.isCancellation(_:)` for any error) and show nothing.
public enum PaymentsError: Error, Equatable, Hashable, Sendable {
  /// The user cancelled the purchase. Never shown as an error.
  case purchaseCancelled
  /// This platform cannot make purchases: the portable RevenueCat client has no store to
  /// pay through (StoreKit purchases live in an Apple-only target).
  case purchasesUnavailable
  /// The purchase needs someone's approval first (Ask to Buy); access follows if approved.
  case paymentPending
  /// Something the client needs is missing or a placeholder; the payload names it.
  case notConfigured(String)
  /// No app user id: nobody is signed in, so there are no purchases to look up.
  case notSignedIn
  /// RevenueCat rejected the API key (401, or 403 for a secret key used in an app). `code`
  /// is RevenueCat's error code when it sent one (7225 invalid key, 7243 secret key).
  case invalidAPIKey(code: Int?)
  /// The product is not among the offerings.
  case productNotFound(ProductID)
  /// The store refused the purchase (not allowed on this device or account, invalid product).
  case purchaseInvalid(String)
  /// The store receipt is missing or could not be verified.
  case receiptInvalid
  /// Any other store failure; the payload is technical detail for logs.
  case storeFailure(String)
  /// The request did not reach RevenueCat or timed out; the payload is the transport failure.
  case network(AppError)
  /// RevenueCat answered with an error status. `code` and `message` come from its
  /// `{"code": …, "message": …}` body when present.
  case server(status: Int, code: Int?, message: String?)
  /// RevenueCat's answer could not be read; the payload is technical detail for logs.
  case invalidResponse(String)
}

extension PaymentsError: AppErrorConvertible {
  /// The user-facing error (see `asAppError()`).
  public var appError: AppError { asAppError() }

  /// The user-facing error this failure amounts to. A cancelled purchase is `.cancelled`,
  /// which UI code shows as nothing at all.
  public func asAppError() -> AppError {
    switch self {
    case .purchaseCancelled:
      return .cancelled
    case .purchasesUnavailable:
      return .validation(
        message: "Purchases aren't available here. Subscribe in the app on iPhone, iPad or Mac.")
    case .paymentPending:
      return .validation(
        message: "Your purchase is waiting for approval. You'll get access once it's approved.")
    case .notConfigured(let what):
      return .notConfigured(what)
    case .notSignedIn:
      return .sessionExpired
    case .invalidAPIKey:
      return .notConfigured("RevenueCat API key")
    case .productNotFound:
      return .notFound
    case .purchaseInvalid(let reason):
      return .validation(message: reason)
    case .receiptInvalid:
      return .validation(
        message: "Your purchase receipt could not be verified. Try restoring purchases.")
    case .storeFailure(let detail):
      return .unknown("store: \(detail)")
    case .network(let error):
      return error
    case .server(let status, _, let message):
      switch status {
      case 404: return .notFound
      case 429: return .rateLimited(retryAfter: nil)
      default: return .network(code: status, message: message)
      }
    case .invalidResponse:
      return .decoding
    }
  }

  /// Whether the user cancelled: not an error to show.
  public var isCancelledByUser: Bool { self == .purchaseCancelled }

  /// Whether `error` is a cancellation of any kind (the user closed the store sheet, or the
  /// task was cancelled) and should therefore not be shown.
  public static func isCancellation(_ error: any Error) -> Bool {
    if let paymentsError = error as? PaymentsError {
      if case .network(let underlying) = paymentsError { return underlying == .cancelled }
      return paymentsError.isCancelledByUser
    }
    return AppError.from(error) == .cancelled
  }
}

extension PaymentsError: CustomStringConvertible {
  /// A developer-facing description for logs.
  public var description: String {
    switch self {
    case .purchaseCancelled: return "purchaseCancelled"
    case .purchasesUnavailable: return "purchasesUnavailable"
    case .paymentPending: return "paymentPending"
    case .notConfigured(let what): return "notConfigured(\(what))"
    case .notSignedIn: return "notSignedIn"
    case .invalidAPIKey(let code): return "invalidAPIKey(code: \(code.map(String.init) ?? "nil"))"
    case .productNotFound(let id): return "productNotFound(\(id))"
    case .purchaseInvalid(let reason): return "purchaseInvalid(\(reason))"
    case .receiptInvalid: return "receiptInvalid"
    case .storeFailure(let detail): return "storeFailure(\(detail))"
    case .network(let error): return "network(\(error))"
    case .server(let status, let code, let message):
      return "server(status: \(status), code: \(code.map(String.init) ?? "nil"), "
        + "message: \(message ?? "nil"))"
    case .invalidResponse(let detail): return "invalidResponse(\(detail))"
    }
  }
}
