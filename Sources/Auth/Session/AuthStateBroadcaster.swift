import Synchronization

/// Holds the current `AuthState` and hands it to every subscriber: the current state first,
/// then each change, in order.
///
/// A `Mutex` rather than an actor so that `authStates()` can be synchronous (as the seed's
/// protocol has it) and so that publishing and subscribing are atomic with respect to each
/// other: a subscriber never misses a change made while it subscribed, nor sees one twice.
public final class AuthStateBroadcaster: Sendable {
  private struct Storage {
    var current: AuthState
    var subscribers: [Int: AsyncStream<AuthState>.Continuation] = [:]
    var nextID = 0
  }

  private let storage: Mutex<Storage>

  /// How many states a subscriber that does not read may fall behind before the oldest
  /// unread ones are dropped.
  static let bufferSize = 64

  /// A broadcaster starting at `initial`.
  public init(initial: AuthState) {
    storage = Mutex(Storage(current: initial))
  }

  /// The current state.
  public var current: AuthState { storage.withLock { $0.current } }

  /// How many streams are subscribed.
  public var subscriberCount: Int { storage.withLock { $0.subscribers.count } }

  /// Makes `state` current and sends it to every subscriber, unless it equals the current
  /// state (a silent token refresh for the same user emits nothing).
  /// - Returns: whether the state changed.
  @discardableResult
  public func publish(_ state: AuthState) -> Bool {
    storage.withLock { storage in
      guard storage.current != state else { return false }
      storage.current = state
      // Yielding never blocks, so doing it under the lock keeps every subscriber's order equal
      // to the order of publication.
      for continuation in storage.subscribers.values { continuation.yield(state) }
      return true
    }
  }

  /// A stream that starts with the current state and then delivers every change. Ends when the
  /// consumer stops iterating or `finishAll()` is called.
  public func subscribe() -> AsyncStream<AuthState> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: AuthState.self, bufferingPolicy: .bufferingNewest(Self.bufferSize))
    let id = storage.withLock { storage -> Int in
      let id = storage.nextID
      storage.nextID += 1
      storage.subscribers[id] = continuation
      continuation.yield(storage.current)
      return id
    }
    continuation.onTermination = { [weak self] _ in
      self?.storage.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Ends every subscriber's stream.
  public func finishAll() {
    let continuations = storage.withLock { storage in
      defer { storage.subscribers.removeAll() }
      return Array(storage.subscribers.values)
    }
    for continuation in continuations { continuation.finish() }
  }
}
