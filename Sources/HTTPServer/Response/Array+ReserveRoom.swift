extension Array {
  /// Makes room for `count` more elements before appending them piece by piece. Unlike
  /// `reserveCapacity(self.count + count)`, which grows to exactly that size and so copies
  /// the whole buffer on every call, it grows at least twofold: a connection's output that
  /// takes many answers or chunks in a row is copied a logarithmic number of times.
  mutating func reserveRoom(for count: Int) {
    let needed = self.count + count
    guard needed > capacity else { return }
    reserveCapacity(Swift.max(needed, 2 * capacity))
  }
}
