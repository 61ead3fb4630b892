import Foundation
import Payments
import TestSupport
import Testing

@Suite struct PaymentsStatusAdapterTests {
  let clock = ManualClock()

  @Test func answersFromTheClientsCurrentState() async throws {
    let client = MockPaymentsClient(clock: clock.appClock)
    let adapter = PaymentsStatusAdapter(paymentsClient: client)
    #expect(await adapter.isSubscribed() == false)
    try await client.purchase(productID: .monthlySubscription)
    #expect(await adapter.isSubscribed() == true)
    #expect(await adapter.isSubscribedProvider() == true)
  }

  @Test func updatesStartWithTheCurrentAnswerAndSkipRepeats() async throws {
    let client = MockPaymentsClient(clock: clock.appClock)
    let adapter = PaymentsStatusAdapter(paymentsClient: client)
    var updates = adapter.subscriptionUpdates().makeAsyncIterator()
    #expect(await updates.next() == false)
    try await client.purchase(productID: .monthlySubscription)
    #expect(await updates.next() == true)
    // A different product is a new state but the same answer: nothing is sent for it.
    try await client.purchase(productID: .annualSubscription)
    await client.setState(.free)
    #expect(await updates.next() == false)
  }

  @Test func stoppingTheUpdatesStopsListeningToTheClient() async {
    let client = BroadcastingClient()
    let adapter = PaymentsStatusAdapter(paymentsClient: client)
    var updates: AsyncStream<Bool>.Iterator? = adapter.subscriptionUpdates().makeAsyncIterator()
    #expect(await updates?.next() == false)
    #expect(client.broadcaster.subscriberCount == 1)
    updates = nil
    var turns = 0
    while client.broadcaster.subscriberCount > 0 && turns < 10_000 {
      await Task.yield()
      turns += 1
    }
    #expect(client.broadcaster.subscriberCount == 0)
  }
}

/// A client that only broadcasts, so a test can count who listens.
private struct BroadcastingClient: PaymentsClient {
  let broadcaster = PaymentsStateBroadcaster()

  func configure(_ config: PaymentsConfig) async {}
  func states() -> AsyncStream<PaymentsState> { broadcaster.stream() }
  func currentState() async -> PaymentsState { broadcaster.current }
  func purchase(productID: ProductID) async throws { throw PaymentsError.purchasesUnavailable }
  func restore() async throws -> PaymentsState { broadcaster.current }
  func prefetchOfferings() async {}
  func getOfferings() async throws -> [PaymentsOffering] { [] }
}
