import Synchronization

/// A thread-safe counter handing out 0, 1, 2, … for the incrementing test generators.
final class Counter: Sendable {
  private let value = Mutex(0)

  /// Returns the current value and moves to the next.
  func next() -> Int {
    value.withLock { current in
      defer { current += 1 }
      return current
    }
  }
}
