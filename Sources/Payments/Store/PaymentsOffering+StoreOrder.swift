extension Array where Element == PaymentsOffering {
  /// The offerings for `productIDs`, in that order: a store answers in an order of its own,
  /// and the paywall shows plans in the order the app configured. Offerings for products not
  /// in the list are left out; a repeated identifier appears once, at its first place.
  package func ordered(by productIDs: [ProductID]) -> [PaymentsOffering] {
    var byID: [ProductID: PaymentsOffering] = [:]
    for offering in self where byID[offering.id] == nil {
      byID[offering.id] = offering
    }
    var seen: Set<ProductID> = []
    return productIDs.compactMap { id in
      guard seen.insert(id).inserted else { return nil }
      return byID[id]
    }
  }

  /// The configured `productIDs` the store did not return, in configured order.
  package func missingProductIDs(from productIDs: [ProductID]) -> [ProductID] {
    let present = Set(map(\.id))
    var seen: Set<ProductID> = []
    return productIDs.filter { !present.contains($0) && seen.insert($0).inserted }
  }
}
