import Core
import Foundation
import Payments
import Testing

@Suite struct PaymentsErrorTests {
  @Test(arguments: [
    (PaymentsError.purchaseCancelled, AppError.cancelled),
    (.notConfigured("RevenueCat API key"), .notConfigured("RevenueCat API key")),
    (.invalidAPIKey(code: 7225), .notConfigured("RevenueCat API key")),
    (.notSignedIn, .sessionExpired),
    (.productNotFound("x"), .notFound),
    (
      .network(.network(code: -1009, message: "Offline")), .network(code: -1009, message: "Offline")
    ),
    (
      .server(status: 500, code: 7110, message: "Internal"),
      .network(code: 500, message: "Internal")
    ),
    (.server(status: 404, code: nil, message: nil), .notFound),
    (.server(status: 429, code: nil, message: nil), .rateLimited(retryAfter: nil)),
    (.invalidResponse("bad json"), .decoding),
    (.storeFailure("SKError 0"), .unknown("store: SKError 0")),
    (
      .purchaseInvalid("Purchases are disabled on this device."),
      .validation(message: "Purchases are disabled on this device.")
    ),
  ])
  func mapsToAppError(error: PaymentsError, expected: AppError) {
    #expect(error.asAppError() == expected)
    #expect(AppError.from(error) == expected)
  }

  @Test(arguments: [PaymentsError.purchasesUnavailable, .paymentPending, .receiptInvalid])
  func storeStatesGiveAnActionableSentence(error: PaymentsError) {
    guard case .validation(let message) = error.asAppError() else {
      Issue.record("\(error) should map to a validation message")
      return
    }
    #expect(message.count > 20)
    #expect(!PaymentsError.isCancellation(error))
  }

  @Test func onlyCancellationsAreCancellations() {
    #expect(PaymentsError.purchaseCancelled.isCancelledByUser)
    #expect(PaymentsError.isCancellation(PaymentsError.purchaseCancelled))
    #expect(PaymentsError.isCancellation(CancellationError()))
    #expect(PaymentsError.isCancellation(PaymentsError.network(.cancelled)))
    #expect(PaymentsError.isCancellation(AppError.cancelled))
    #expect(!PaymentsError.isCancellation(PaymentsError.receiptInvalid))
    #expect(!PaymentsError.network(.decoding).isCancelledByUser)
    #expect(!PaymentsError.isCancellation(AppError.notFound))
  }
}
