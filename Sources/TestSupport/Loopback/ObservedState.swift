import Dispatch
import Synchronization

/// A value behind a lock that async code can wait on: `wait(until:)` returns as soon as an
/// update makes the predicate true. Used by the loopback server's threads to tell tests
/// what happened without the tests sleeping or polling.
final class ObservedState<Value: Sendable>: Sendable {
  private struct Waiter {
    let id: Int
    let predicate: @Sendable (Value) -> Bool
    let continuation: CheckedContinuation<Value, any Error>
  }

  private struct Storage {
    var value: Value
    var waiters: [Waiter] = []
    var nextID = 0
  }

  private let storage: Mutex<Storage>

  init(_ value: Value) {
    storage = Mutex(Storage(value: value))
  }

  /// Reads the value.
  func read<Result>(_ body: (Value) -> Result) -> Result {
    storage.withLock { body($0.value) }
  }

  /// Changes the value, then wakes every waiter whose predicate now holds.
  @discardableResult
  func update<Result>(_ body: (inout Value) -> Result) -> Result {
    let (result, ready) = storage.withLock { storage -> (Result, [(Waiter, Value)]) in
      let result = body(&storage.value)
      let value = storage.value
      var ready: [(Waiter, Value)] = []
      storage.waiters.removeAll { waiter in
        guard waiter.predicate(value) else { return false }
        ready.append((waiter, value))
        return true
      }
      return (result, ready)
    }
    for (waiter, value) in ready { waiter.continuation.resume(returning: value) }
    return result
  }

  /// Waits until `predicate` holds and returns the value that satisfied it.
  /// - Throws: `LoopbackTimeout` after `timeout` (a safety net so a broken test fails instead
  ///   of hanging), or `CancellationError`.
  func wait(
    until predicate: @escaping @Sendable (Value) -> Bool, timeout: Duration, what: String
  ) async throws -> Value {
    let id = storage.withLock { storage -> Int in
      storage.nextID += 1
      return storage.nextID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let satisfied = storage.withLock { storage -> Value? in
          if predicate(storage.value) { return storage.value }
          storage.waiters.append(
            Waiter(id: id, predicate: predicate, continuation: continuation))
          return nil
        }
        if let satisfied {
          continuation.resume(returning: satisfied)
          return
        }
        let nanoseconds = Self.nanoseconds(timeout)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
          self.remove(id)?.resume(throwing: LoopbackTimeout(what: what, after: timeout))
        }
      }
    } onCancel: {
      remove(id)?.resume(throwing: CancellationError())
    }
  }

  private func remove(_ id: Int) -> CheckedContinuation<Value, any Error>? {
    storage.withLock { storage in
      guard let index = storage.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return storage.waiters.remove(at: index).continuation
    }
  }

  private static func nanoseconds(_ duration: Duration) -> Int {
    let parts = duration.components
    let total = Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
    return Int(min(max(total, 0), Double(Int.max / 2)))
  }
}

/// A test waited longer than its safety limit for something the server should have done.
public struct LoopbackTimeout: Error, CustomStringConvertible {
  /// What was awaited.
  public let what: String
  /// How long the test waited.
  public let after: Duration

  /// A description for the failing test's output.
  public var description: String { "Timed out after \(after) waiting for \(what)" }
}
