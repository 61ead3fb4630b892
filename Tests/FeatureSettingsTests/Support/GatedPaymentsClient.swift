import Payments

/// `MockPaymentsClient` with counted calls and gates that hold `getOfferings()` or
/// `purchase(productID:)` until the test releases them, so a test can act while a load or a
/// purchase is in flight.
actor GatedPaymentsClient: PaymentsClient {
  let mock: MockPaymentsClient
  private(set) var offeringsCalls = 0
  private(set) var purchaseCalls = 0
  private var holdsOfferings = false
  private var holdsPurchases = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(_ mock: MockPaymentsClient) {
    self.mock = mock
  }

  /// How many calls wait at a gate.
  var waitingCount: Int { waiting.count }

  func holdOfferings() { holdsOfferings = true }
  func holdPurchases() { holdsPurchases = true }

  /// Opens every gate and lets the held calls go on.
  func release() {
    holdsOfferings = false
    holdsPurchases = false
    let released = waiting
    waiting.removeAll()
    for continuation in released { continuation.resume() }
  }

  func configure(_ config: PaymentsConfig) async { await mock.configure(config) }
  nonisolated func states() -> AsyncStream<PaymentsState> { mock.states() }
  func currentState() async -> PaymentsState { await mock.currentState() }
  func prefetchOfferings() async { await mock.prefetchOfferings() }

  func purchase(productID: ProductID) async throws {
    purchaseCalls += 1
    if holdsPurchases { await withCheckedContinuation { waiting.append($0) } }
    try await mock.purchase(productID: productID)
  }

  @discardableResult
  func restore() async throws -> PaymentsState { try await mock.restore() }

  func getOfferings() async throws -> [PaymentsOffering] {
    offeringsCalls += 1
    if holdsOfferings { await withCheckedContinuation { waiting.append($0) } }
    return try await mock.getOfferings()
  }
}
