import Core
import Payments

extension PaywallViewModel {
  /// The user picked a plan card. A plan that is not on offer is ignored. Picking a plan
  /// clears the last failure, so the error does not linger over a new choice.
  public func planSelected(_ productID: ProductID) {
    guard !isBusy, offerings.value?.contains(where: { $0.id == productID }) == true else {
      return
    }
    selectedOfferingID = productID
    if case .failed = purchaseState { purchaseState = .idle }
  }

  /// The user tapped "Upgrade": buys the selected plan. Without a selection the failure is
  /// "Please select a subscription plan". A purchase the user cancelled ends quietly; any
  /// other failure is shown, localized, and the user may tap again.
  public func upgradeButtonTapped() async {
    guard !isBusy else { return }
    guard let offering = selectedOffering else {
      purchaseState = .failed(.noPlanSelected)
      return
    }
    purchaseState = .purchasing(offering.id)
    do {
      try await payments.purchase(productID: offering.id)
      subscription = await payments.currentState()
      purchaseState = .purchased(offering.id)
      onPurchaseCompleted(offering.id)
    } catch {
      purchaseState = failureState(for: error, action: "Purchase of \(offering.id)")
    }
  }

  /// The user tapped "Restore Purchases". Finding no active subscription is a failure the
  /// user sees ("No active subscription found to restore."), as is a lookup that failed.
  public func restoreButtonTapped() async {
    guard !isBusy else { return }
    purchaseState = .restoring
    do {
      let restored = try await payments.restore()
      subscription = restored
      purchaseState = restored.isSubscribed ? .restored : .failed(.nothingToRestore)
    } catch {
      purchaseState = failureState(for: error, action: "Restore")
    }
  }

  /// The user dismissed the error or success message.
  public func messageDismissed() {
    guard !isBusy else { return }
    purchaseState = .idle
  }

  /// Cancellation (the user closed the store sheet, or the task ended) is no failure.
  private func failureState(for error: any Error, action: String) -> PurchaseState {
    if PaymentsError.isCancellation(error) {
      logger.info("\(action) cancelled", category: .payments)
      return .idle
    }
    let diagnosis = AppError.diagnose(error)
    logger.error("\(action) failed: \(diagnosis.detail)", category: .payments)
    return .failed(.error(diagnosis.error))
  }
}
