import Synchronization

/// The flow control between a stream's producer and the loop that owns its connection.
///
/// A write is posted to the loop and returns at once while the bytes the connection holds
/// (posted and not yet taken by the loop, plus its output the client has not read) stay
/// within the limit; past it the producer waits until the loop has sent enough. So a
/// producer costs no round trip to the loop per write, and a slow reader still suspends it
/// with at most the limit and one write held in memory, as before (decision 188).
///
/// The loop reports what it took and what is still unsent after every flush (`settle`),
/// and closes the credit when the connection closes: the waiting producer and every later
/// write then fail with `HTTPBodyWriterError.clientGone`.
final class StreamCredit: Sendable {
  private struct State {
    /// Bytes posted to the loop that it has not yet taken into the connection's output.
    var posted = 0
    /// What the connection's output held unsent when the loop last settled.
    var unsent = 0
    var closed = false
    var waiter: CheckedContinuation<Void, any Error>?
  }

  private let state = Mutex(State())
  let limit: Int

  init(limit: Int) {
    self.limit = limit
  }

  /// What a write of `count` bytes is counted as: its bytes, its chunk framing and the
  /// message that carries it to the loop, so that many tiny writes are bounded as surely as
  /// a few large ones.
  static func cost(of count: Int) -> Int { count + 64 }

  /// Counts a write costing `count` (`cost(of:)`) about to be posted.
  /// - Returns: whether the connection still has room, so the producer goes on at once;
  ///   when `false` it posts the write and then waits in `waitForRoom()`.
  /// - Throws: `HTTPBodyWriterError.clientGone` once the connection has closed.
  func reserve(_ count: Int) throws(HTTPBodyWriterError) -> Bool {
    let room = state.withLock { state -> Bool? in
      guard !state.closed else { return nil }
      state.posted += count
      return state.posted + state.unsent <= limit
    }
    guard let room else { throw .clientGone }
    return room
  }

  /// Returns once the connection holds no more than the limit.
  /// - Throws: `HTTPBodyWriterError.clientGone` when the connection closes first.
  func waitForRoom() async throws {
    try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
      let ready = state.withLock { state -> Bool? in
        if state.closed { return nil }
        if state.posted + state.unsent <= limit { return true }
        state.waiter = waiter
        return false
      }
      switch ready {
      case nil: waiter.resume(throwing: HTTPBodyWriterError.clientGone)
      case true?: waiter.resume()
      case false?: break
      }
    }
  }

  /// The loop took `taken` posted bytes into the connection's output, which now holds
  /// `unsent` bytes the client has not read; a waiting producer goes on if there is room.
  func settle(taken: Int, unsent: Int) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      state.posted -= taken
      state.unsent = unsent
      guard state.posted + state.unsent <= limit else { return nil }
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// The connection closed: the waiting producer and every later write fail.
  func close() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      state.closed = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(throwing: HTTPBodyWriterError.clientGone)
  }
}
