import Payments
import Testing

@Suite struct PaymentsOfferingStoreOrderTests {
  private func offering(_ id: ProductID, title: String = "Plan") -> PaymentsOffering {
    PaymentsOffering(
      id: id, title: title, price: 1, currencyCode: "USD", priceText: "$1.00", period: .monthly)
  }

  @Test func offeringsFollowTheConfiguredOrderNotTheStoresOrder() {
    let fromStore = [offering("c"), offering("a"), offering("b")]
    #expect(fromStore.ordered(by: ["a", "b", "c"]).map(\.id) == ["a", "b", "c"])
    #expect(fromStore.ordered(by: ["b", "c", "a"]).map(\.id) == ["b", "c", "a"])
  }

  @Test func unconfiguredProductsAreLeftOutAndMissingOnesSkipped() {
    let fromStore = [offering("a"), offering("stray")]
    #expect(fromStore.ordered(by: ["missing", "a"]).map(\.id) == ["a"])
    #expect(fromStore.missingProductIDs(from: ["missing", "a", "missing"]) == ["missing"])
  }

  @Test func repeatedIdentifiersAppearOnceAtTheirFirstPlace() {
    let fromStore = [offering("a", title: "First"), offering("a", title: "Second"), offering("b")]
    let ordered = fromStore.ordered(by: ["a", "b", "a"])
    #expect(ordered.map(\.id) == ["a", "b"])
    #expect(ordered.first?.title == "First")
  }
}
