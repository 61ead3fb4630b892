import Auth
import Foundation
import Synchronization

/// A `SessionStore` in memory that keeps the encoded record (so the real record format is
/// exercised), counts writes, and can be told to fail.
final class MemorySessionStore: SessionStore {
  struct Failures {
    var load: (any Error)?
    var save: (any Error)?
    var clear: (any Error)?
  }

  private struct State {
    var record: Data?
    var failures = Failures()
    var saves = 0
    var clears = 0
    var onSave: (@Sendable (AuthSession) -> Void)?
  }

  private let state: Mutex<State>

  init(_ session: AuthSession? = nil) {
    state = Mutex(State(record: session.flatMap { try? SessionRecord.encode($0) }))
  }

  init(record: Data) {
    state = Mutex(State(record: record))
  }

  /// The stored record's raw bytes.
  var record: Data? { state.withLock { $0.record } }
  /// The stored session, decoded.
  var stored: AuthSession? { record.flatMap { try? SessionRecord.decode($0) } }
  var saveCount: Int { state.withLock { $0.saves } }
  var clearCount: Int { state.withLock { $0.clears } }

  func fail(load: (any Error)? = nil, save: (any Error)? = nil, clear: (any Error)? = nil) {
    state.withLock { $0.failures = Failures(load: load, save: save, clear: clear) }
  }

  /// Runs `body` inside every later successful `save`, before it returns.
  func onSave(_ body: @escaping @Sendable (AuthSession) -> Void) {
    state.withLock { $0.onSave = body }
  }

  /// Replaces the record as another process would.
  func replace(with session: AuthSession) throws {
    let data = try SessionRecord.encode(session)
    state.withLock { $0.record = data }
  }

  func load() throws -> AuthSession? {
    let (data, failure) = state.withLock { ($0.record, $0.failures.load) }
    if let failure { throw failure }
    guard let data else { return nil }
    return try SessionRecord.decode(data)
  }

  func save(_ session: AuthSession) throws {
    let data = try SessionRecord.encode(session)
    let hook = try state.withLock { state -> (@Sendable (AuthSession) -> Void)? in
      if let failure = state.failures.save { throw failure }
      state.record = data
      state.saves += 1
      return state.onSave
    }
    hook?(session)
  }

  func clear() throws {
    try state.withLock { state in
      if let failure = state.failures.clear { throw failure }
      state.record = nil
      state.clears += 1
    }
  }
}
