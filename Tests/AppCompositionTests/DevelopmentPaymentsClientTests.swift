import Core
import FeatureSettings
import Foundation
import Payments
import Storage
import TestSupport
import Testing

@testable import AppComposition

/// The development subscription outlives the process, as a real store's would: a purchase
/// is there at the next launch, lapses by the clock, and a restore finds it.
@MainActor
@Suite struct DevelopmentPaymentsClientTests {
  private static func launch(_ home: URL, clock: ManualClock) throws -> AppDependencies {
    let environment = AppEnvironment(
      variables: ["HOME": home.path, "KILN_HOME": home.appendingPathComponent("data").path],
      isDevelopmentBuild: true, clock: clock.appClock)
    return try AppDependencies.live(
      configuration: try environment.loadConfiguration(), environment: environment)
  }

  private static func withHome(_ body: (URL) async throws -> Void) async throws {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-payments-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    try await body(home)
  }

  @Test func aPurchaseIsThereAtTheNextLaunchUntilItLapsesByTheClock() async throws {
    try await Self.withHome { home in
      let clock = ManualClock()
      let first = try Self.launch(home, clock: clock)
      await first.start()
      let paywall = first.makePaywallViewModel()
      await paywall.load()
      paywall.planSelected(.annualSubscription)
      await paywall.upgradeButtonTapped()
      let bought = await first.payments.currentState()
      #expect(bought.isSubscribed)
      await first.shutdown()

      let second = try Self.launch(home, clock: clock)
      await second.start()
      let remembered = await second.payments.currentState()
      #expect(remembered == bought)
      #expect(remembered.productID == .annualSubscription)
      #expect(second.freeTier.status == .unlimited)
      let restoring = second.makePaywallViewModel()
      await restoring.restoreButtonTapped()
      #expect(restoring.purchaseState == .restored, "a restore finds it")
      await second.shutdown()

      await clock.advance(by: .seconds(367 * 86_400))
      let third = try Self.launch(home, clock: clock)
      await third.start()
      let lapsed = await third.payments.currentState()
      #expect(!lapsed.isSubscribed)
      #expect(lapsed.productID == .annualSubscription, "it still says what ended")
      let late = third.makePaywallViewModel()
      await late.restoreButtonTapped()
      #expect(late.purchaseState == .failed(.nothingToRestore))
      await third.shutdown()
    }
  }

  @Test func nothingBoughtLeavesNothingBehindAndTheNextLaunchIsFree() async throws {
    let store = InMemorySecureStore()
    let clock = ManualClock()
    let client = DevelopmentPaymentsClient(store: store, clock: clock.appClock)
    #expect(await client.currentState() == .free)
    #expect(try await client.restore() == .free)
    #expect(try store.getData(DevelopmentPaymentsClient.stateKey) == nil)
    let next = DevelopmentPaymentsClient(store: store, clock: clock.appClock)
    #expect(await next.currentState() == .free)
  }

  @Test func aDamagedRememberedStateIsTreatedAsNoPurchase() async throws {
    let store = InMemorySecureStore()
    try store.setData(Data("not json".utf8), for: DevelopmentPaymentsClient.stateKey)
    let client = DevelopmentPaymentsClient(store: store, clock: ManualClock().appClock)
    #expect(await client.currentState() == .free)
    try await client.purchase(productID: .monthlySubscription)
    let data = try #require(try store.getData(DevelopmentPaymentsClient.stateKey))
    let saved = try JSONDecoder().decode(PaymentsState.self, from: data)
    #expect(saved.isSubscribed)
    #expect(saved.productID == .monthlySubscription)
  }

  @Test func aReleaseBuildWithoutARevenueCatKeySellsNothing() async throws {
    try await Self.withHome { home in
      let environment = AppEnvironment(
        variables: ["HOME": home.path, "KILN_HOME": home.path], isDevelopmentBuild: false,
        clock: ManualClock().appClock)
      let dependencies = try AppDependencies.live(
        configuration: try environment.loadConfiguration(), environment: environment)
      let paywall = dependencies.makePaywallViewModel()
      await paywall.load()
      guard case .unavailable(let message) = paywall.content else {
        Issue.record("unavailable expected, got \(paywall.content)")
        return
      }
      #expect(message.contains("REVENUECAT_API_KEY"))
      await dependencies.shutdown()
    }
  }
}
