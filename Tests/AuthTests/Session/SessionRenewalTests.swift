import Core
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Auth

@Suite struct SessionRenewalTests {
  struct Rig {
    let clock = ManualClock()
    let api: FakeGoTrue
    let store: LockRecordingStore
    let renewal: SessionRenewal

    init(stored: AuthSession?, _ handlers: FakeGoTrue.Handlers = FakeGoTrue.Handlers()) {
      api = FakeGoTrue(handlers)
      store = LockRecordingStore(MemorySessionStore(stored))
      let persistence = SessionPersistence(store: store, logger: .disabled)
      renewal = SessionRenewal(
        persistence: persistence,
        attempts: RefreshAttempts(
          api: api, clock: clock.appClock, policy: .standard, logger: .disabled))
    }

    /// Renews `current`, recording what `apply` got and whether the lock was held then.
    func renew(_ current: AuthSession) async throws -> (SessionRenewal.Result, heldLock: Bool) {
      let applied = Mutex<(SessionRenewal.Result, Bool)?>(nil)
      let store = store
      _ = try await renewal.renew(current, isCurrent: { true }) { result in
        applied.withLock { $0 = (result, store.isLocked) }
        return current
      }
      let recorded = try #require(applied.withLock { $0 })
      return (recorded.0, recorded.1)
    }
  }

  @Test func aSessionRenewedElsewhereAndStillFreshIsAdoptedWithoutAskingGoTrue() async throws {
    let current = Sessions.make("one", expiresIn: 10)
    let rig = Rig(stored: current)
    let renewedElsewhere = Sessions.make("two", now: rig.clock.now)
    try rig.store.base.replace(with: renewedElsewhere)
    let (result, heldLock) = try await rig.renew(current)
    guard case .renewedElsewhere(let adopted) = result else {
      Issue.record("expected the stored session, got \(result)")
      return
    }
    #expect(adopted == renewedElsewhere)
    #expect(heldLock)
    #expect(rig.api.calls.isEmpty)
    #expect(!rig.store.isLocked)
  }

  @Test func aStoredNewerSessionThatIsDueIsRenewedWithItsOwnToken() async throws {
    let current = Sessions.make("one", expiresIn: 10)
    let clock = ManualClock()
    let rig = Rig(
      stored: current,
      FakeGoTrue.Handlers(refresh: { _ in Sessions.make("three", now: clock.now) }))
    try rig.store.base.replace(with: Sessions.make("two", now: rig.clock.now, expiresIn: 20))
    let (result, heldLock) = try await rig.renew(current)
    guard case .renewed(let renewed, attempt: 1) = result else {
      Issue.record("expected a renewal, got \(result)")
      return
    }
    #expect(renewed.refreshToken == "refresh-three-Zr4Kp8w")
    #expect(heldLock)
    #expect(rig.api.calls == [.refresh(refreshToken: "refresh-two-Zr4Kp8w")])
  }

  @Test func anEndedSessionIsStillAdoptedWhenAnotherProcessRenewedItMeanwhile() async throws {
    let current = Sessions.make("one", expiresIn: 10)
    let holder = Mutex<LockRecordingStore?>(nil)
    let clock = ManualClock()
    let rig = Rig(
      stored: current,
      FakeGoTrue.Handlers(refresh: { _ in
        // Another process won the race and stored its renewal before GoTrue answered us.
        try holder.withLock { $0 }?.base.replace(with: Sessions.make("two", now: clock.now))
        throw Sessions.server(400, .refreshTokenAlreadyUsed)
      }))
    holder.withLock { $0 = rig.store }
    let (result, _) = try await rig.renew(current)
    guard case .renewedElsewhere(let adopted) = result else {
      Issue.record("expected the other process's session, got \(result)")
      return
    }
    #expect(adopted.refreshToken == "refresh-two-Zr4Kp8w")
  }

  @Test func anEndedSessionNobodyRenewedEnds() async throws {
    let current = Sessions.make("one", expiresIn: 10)
    let rig = Rig(
      stored: current,
      FakeGoTrue.Handlers(refresh: { _ in throw Sessions.server(400, .refreshTokenNotFound) }))
    let (result, heldLock) = try await rig.renew(current)
    guard case .ended = result else {
      Issue.record("expected the end of the session, got \(result)")
      return
    }
    #expect(heldLock)
  }

  @Test func aRenewalWhoseSessionChangedBeforeItTookTheLockAsksNothing() async throws {
    let current = Sessions.make("one", expiresIn: 10)
    let rig = Rig(stored: current)
    let applied = Mutex<SessionRenewal.Result?>(nil)
    _ = try await rig.renewal.renew(current, isCurrent: { false }) { result in
      applied.withLock { $0 = result }
      return current
    }
    guard case .superseded = try #require(applied.withLock { $0 }) else {
      Issue.record("a superseded renewal went on")
      return
    }
    #expect(rig.api.calls.isEmpty)
  }
}

/// A store over a `MemorySessionStore` with a lock that records whether it is held.
final class LockRecordingStore: SessionStore {
  let base: MemorySessionStore
  private let locked = Mutex(false)

  init(_ base: MemorySessionStore) {
    self.base = base
  }

  var isLocked: Bool { locked.withLock { $0 } }

  func load() throws -> AuthSession? { try base.load() }
  func save(_ session: AuthSession) throws { try base.save(session) }
  func clear() throws { try base.clear() }

  func lock() async throws -> SessionStoreLease {
    locked.withLock { $0 = true }
    return SessionStoreLease { self.locked.withLock { $0 = false } }
  }
}
