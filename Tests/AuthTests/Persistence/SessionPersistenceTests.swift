import Core
import Foundation
import TestSupport
import Testing

@testable import Auth

@Suite struct SessionPersistenceTests {
  let clock = ManualClock()

  @Test func aStoredSessionLoadsAuthenticatedOrRefreshingByItsExpiry() {
    let fresh = Sessions.make("one", now: clock.now)
    let loaded = SessionPersistence(store: MemorySessionStore(fresh), logger: .disabled)
      .load(now: clock.now)
    #expect(
      loaded
        == .init(session: fresh, state: .authenticated(Sessions.alice), readFailed: false))
    let expired = Sessions.make("two", now: clock.now, expiresIn: -1)
    let stale = SessionPersistence(store: MemorySessionStore(expired), logger: .disabled)
      .load(now: clock.now)
    #expect(stale == .init(session: expired, state: .refreshing, readFailed: false))
  }

  @Test func aDamagedRecordIsRemovedAndCountsAsSignedOut() {
    let store = MemorySessionStore(record: Data("not a session".utf8))
    let loaded = SessionPersistence(store: store, logger: .disabled).load(now: clock.now)
    #expect(loaded == .init(session: nil, state: .unauthenticated, readFailed: false))
    #expect(store.record == nil)
    #expect(store.clearCount == 1)
  }

  @Test func aStoreThatCannotBeReadKeepsItsRecordAndSaysSo() {
    let session = Sessions.make("one", now: clock.now)
    let store = MemorySessionStore(session)
    store.fail(load: DiskError())
    let loaded = SessionPersistence(store: store, logger: .disabled).load(now: clock.now)
    #expect(loaded == .init(session: nil, state: .unauthenticated, readFailed: true))
    #expect(store.stored == session)
    #expect(store.clearCount == 0)
  }

  @Test func aFailedWriteOfARenewedSessionIsLoggedNotThrown() {
    let store = MemorySessionStore(Sessions.make("one", now: clock.now))
    store.fail(save: DiskError())
    let sink = InMemoryLogSink()
    let persistence = SessionPersistence(
      store: store, logger: AppLogger(minimumLevel: .debug, sinks: [sink]))
    persistence.saveRenewed(Sessions.make("two", now: clock.now))
    #expect(store.saveCount == 0)
    #expect(sink.messages.contains { $0.contains("saving the renewed session") })
    #expect(throws: DiskError.self) { try persistence.save(Sessions.make("three")) }
  }

  @Test func clearingReturnsTheStoresErrorInsteadOfThrowing() {
    let store = MemorySessionStore(Sessions.make("one", now: clock.now))
    let persistence = SessionPersistence(store: store, logger: .disabled)
    store.fail(clear: DiskError())
    #expect(persistence.clear() is DiskError)
    store.fail()
    #expect(persistence.clear() == nil)
    #expect(store.record == nil)
  }

  @Test func onlyADifferentTokenForTheSameUserNoOlderThanOursIsNewer() throws {
    let current = Sessions.make("one", now: clock.now)
    let store = MemorySessionStore(current)
    let persistence = SessionPersistence(store: store, logger: .disabled)
    #expect(persistence.newerSession(than: current) == nil)
    try store.replace(with: Sessions.make("older", now: clock.now, expiresIn: 3_000))
    #expect(persistence.newerSession(than: current) == nil)
    try store.replace(with: Sessions.make("bob", user: Sessions.bob, now: clock.now))
    #expect(persistence.newerSession(than: current) == nil)
    let renewed = Sessions.make("two", now: clock.now, expiresIn: 3_600)
    try store.replace(with: renewed)
    #expect(persistence.newerSession(than: current) == renewed)
    store.fail(load: DiskError())
    #expect(persistence.newerSession(than: current) == nil)
  }

  @Test func aLockThatCannotBeTakenIsLoggedAndTheRenewalGoesOnUnlocked() async {
    let sink = InMemoryLogSink()
    let persistence = SessionPersistence(
      store: FailingLockStore(), logger: AppLogger(minimumLevel: .debug, sinks: [sink]))
    let lease = await persistence.lock()
    lease.release()
    #expect(sink.messages.contains { $0.contains("renewing without the lock") })
  }
}

/// A store whose lock cannot be taken.
private struct FailingLockStore: SessionStore {
  func load() throws -> AuthSession? { nil }
  func save(_ session: AuthSession) throws {}
  func clear() throws {}
  func lock() async throws -> SessionStoreLease { throw DiskError() }
}
