import Auth
import Core
import Foundation
import TestSupport

/// A `SessionManager` over a scripted GoTrue, an in-memory store and a manual clock, with a
/// log sink that keeps every record down to `.debug`.
struct Harness {
  let clock: ManualClock
  let api: FakeGoTrue
  let store: MemorySessionStore
  let sink = InMemoryLogSink()
  let manager: SessionManager

  init(
    stored: AuthSession? = nil,
    store: MemorySessionStore? = nil,
    _ handlers: FakeGoTrue.Handlers = FakeGoTrue.Handlers(),
    identityProviders: [IdentityProvider: any IdentityTokenProvider] = [:]
  ) {
    let clock = ManualClock()
    self.clock = clock
    self.api = FakeGoTrue(handlers)
    self.store = store ?? MemorySessionStore(stored)
    let logger = AppLogger(minimumLevel: .debug, sinks: [sink], now: { clock.now })
    manager = SessionManager(
      api: api, store: self.store, clock: clock.appClock, logger: logger,
      identityProviders: identityProviders)
  }

  /// A renewed session for `user`, valid for an hour from the clock's current time.
  func renewed(_ tag: String, user: AuthUser = Sessions.alice) -> AuthSession {
    Sessions.make(tag, user: user, now: clock.now)
  }
}

/// A store or network failure nobody expects the manager to understand.
struct DiskError: Error, Equatable {}

/// An identity flow that hands out a fixed credential.
struct FixedIdentityProvider: IdentityTokenProvider {
  let credential: OpenIDCredential

  func requestIDToken() async throws -> OpenIDCredential { credential }
}
