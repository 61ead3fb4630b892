import Core
import Foundation
import Payments
import Storage

/// The mock subscription of development builds, remembered between runs.
///
/// `MockPaymentsClient` really changes its state when something is bought or restored, but
/// forgets it when the process ends; the terminal app runs one process per command, so a
/// purchase made in the chat would be gone for the next `kiln subscription`. This wrapper
/// keeps the last purchased or restored state (JSON in the secure store, beside the mock
/// account's e-mail address) and starts the mock from it at launch. The mock judges the
/// remembered expiry against the clock, so a lapsed purchase is free again, and a restore
/// finds what was remembered.
actor DevelopmentPaymentsClient: PaymentsClient {
  /// The secure-store key of the remembered state.
  static let stateKey = "mock_payments_state"

  private let mock: MockPaymentsClient
  private let store: any SecureStore
  private let logger: AppLogger

  init(store: any SecureStore, clock: AppClock, logger: AppLogger = .disabled) {
    self.store = store
    self.logger = logger
    let remembered = Self.rememberedState(in: store, logger: logger)
    mock = MockPaymentsClient(clock: clock, initialState: remembered ?? .free, logger: logger)
  }

  /// The state a previous run remembered, if any. A file that cannot be read or decoded is
  /// logged and treated as no purchase: development data is not worth failing a launch for.
  static func rememberedState(in store: any SecureStore, logger: AppLogger) -> PaymentsState? {
    do {
      guard let data = try store.getData(stateKey) else { return nil }
      return try JSONDecoder().decode(PaymentsState.self, from: data)
    } catch {
      logger.error("read the remembered mock subscription", error, category: .payments)
      return nil
    }
  }

  /// Keeps `state` for the next run, or forgets it when it holds nothing worth keeping.
  private func remember(_ state: PaymentsState) {
    do {
      if state == .free {
        try store.delete(Self.stateKey)
      } else {
        try store.setData(try JSONEncoder().encode(state), for: Self.stateKey)
      }
    } catch {
      // The purchase itself went through; only the next run will not know about it.
      logger.error("remember the mock subscription", error, category: .payments)
    }
  }

  // MARK: - PaymentsClient

  func configure(_ config: PaymentsConfig) async {
    await mock.configure(config)
  }

  nonisolated func states() -> AsyncStream<PaymentsState> {
    mock.states()
  }

  func currentState() async -> PaymentsState {
    await mock.currentState()
  }

  func purchase(productID: ProductID) async throws {
    try await mock.purchase(productID: productID)
    remember(await mock.currentState())
  }

  @discardableResult
  func restore() async throws -> PaymentsState {
    let restored = try await mock.restore()
    remember(restored)
    return restored
  }

  func prefetchOfferings() async {
    await mock.prefetchOfferings()
  }

  func getOfferings() async throws -> [PaymentsOffering] {
    try await mock.getOfferings()
  }

  func getOfferings(for placement: PaywallPlacement?) async throws -> [PaymentsOffering] {
    try await mock.getOfferings(for: placement)
  }
}
