import Synchronization

/// Fans one current `PaymentsState` out to any number of `AsyncStream` subscribers.
///
/// A new subscriber receives the current state at once (replay), then every distinct state
/// published after it, in order. Publishing an equal state does nothing. Clients call
/// `publish` from inside their actor, so publications never race each other; subscribing is
/// nonisolated and may happen on any thread.
package final class PaymentsStateBroadcaster: Sendable {
  private struct Storage {
    var current: PaymentsState
    var subscribers: [Int: AsyncStream<PaymentsState>.Continuation] = [:]
    var nextID = 0
  }

  /// How many unread states a slow subscriber keeps; older ones are dropped, newest kept.
  package static let bufferSize = 16

  private let storage: Mutex<Storage>

  /// A broadcaster whose current state is `initial`.
  package init(initial: PaymentsState = .free) {
    storage = Mutex(Storage(current: initial))
  }

  deinit {
    // Finish outside the lock: finishing runs `onTermination`, which takes the lock.
    let subscribers = storage.withLock { storage in
      defer { storage.subscribers.removeAll() }
      return Array(storage.subscribers.values)
    }
    for subscriber in subscribers { subscriber.finish() }
  }

  /// The state every new subscriber receives first.
  package var current: PaymentsState { storage.withLock { $0.current } }

  /// How many subscribers are listening.
  package var subscriberCount: Int { storage.withLock { $0.subscribers.count } }

  /// A stream that starts with the current state and then follows every change.
  package func stream() -> AsyncStream<PaymentsState> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: PaymentsState.self, bufferingPolicy: .bufferingNewest(Self.bufferSize))
    let id = storage.withLock { storage -> Int in
      storage.nextID += 1
      // Replay and register under one lock, so no publication slips in between.
      continuation.yield(storage.current)
      storage.subscribers[storage.nextID] = continuation
      return storage.nextID
    }
    continuation.onTermination = { [weak self] _ in
      self?.storage.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Makes `state` current and sends it to every subscriber, unless it equals the current
  /// state. Returns whether anything changed.
  @discardableResult
  package func publish(_ state: PaymentsState) -> Bool {
    let subscribers = storage.withLock { storage -> [AsyncStream<PaymentsState>.Continuation]? in
      guard storage.current != state else { return nil }
      storage.current = state
      return Array(storage.subscribers.values)
    }
    guard let subscribers else { return false }
    for subscriber in subscribers { subscriber.yield(state) }
    return true
  }
}
