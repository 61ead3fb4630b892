import Core
import Foundation

/// The session manager's use of its `SessionStore`: reading the record at launch, writing
/// renewed sessions, noticing a session another process renewed, and the lock across
/// processes. Every store failure is logged here; the manager only decides what it means.
struct SessionPersistence: Sendable {
  /// What the store held at launch.
  struct Loaded: Equatable {
    /// The stored session; `nil` when there is none, it was damaged, or the store failed.
    var session: AuthSession?
    /// The state to start in: `.refreshing` for a session whose access token expired.
    var state: AuthState
    /// The store itself could not be read (not a damaged record), so it is worth reading
    /// again later.
    var readFailed: Bool
  }

  let store: any SessionStore
  let logger: AppLogger

  /// Reads the stored session. A damaged record is deleted (signed out); a store that cannot
  /// be read at all is left alone (its record may be fine) and counts as signed out for now.
  func load(now: Date) -> Loaded {
    do {
      guard let session = try store.load() else {
        return Loaded(session: nil, state: .unauthenticated, readFailed: false)
      }
      let state: AuthState = session.isExpired(at: now) ? .refreshing : .authenticated(session.user)
      logger.info("restored the stored session (\(state))", category: .auth)
      return Loaded(session: session, state: state, readFailed: false)
    } catch let error as SessionStoreError {
      logger.error("the stored session is damaged and was removed", error, category: .auth)
      do {
        try store.clear()
      } catch {
        logger.error("removing the damaged session", error, category: .auth)
      }
      return Loaded(session: nil, state: .unauthenticated, readFailed: false)
    } catch {
      logger.error("reading the stored session", error, category: .auth)
      return Loaded(session: nil, state: .unauthenticated, readFailed: true)
    }
  }

  /// Writes a new session (a sign-in); a sign-in that is not stored did not happen.
  /// - Throws: the store's error.
  func save(_ session: AuthSession) throws {
    try store.save(session)
  }

  /// Writes a renewed session. A failure is logged, not thrown: the server has already
  /// rotated the refresh token, so the new one must stay in memory either way.
  func saveRenewed(_ renewed: AuthSession) {
    do {
      try store.save(renewed)
    } catch {
      logger.error("saving the renewed session", error, category: .auth)
    }
  }

  /// Removes the stored session.
  /// - Returns: the store's error, if removing failed (it is logged too).
  func clear() -> (any Error)? {
    do {
      try store.clear()
      return nil
    } catch {
      logger.error("removing the stored session", error, category: .auth)
      return error
    }
  }

  /// A session another process (or an earlier run) stored for the same user with a different
  /// refresh token and an expiry no earlier than `current`'s: it already renewed what this
  /// process holds. `nil` when there is none or the store cannot be read.
  func newerSession(than current: AuthSession) -> AuthSession? {
    let stored: AuthSession?
    do {
      stored = try store.load()
    } catch {
      logger.error("re-reading the stored session", error, category: .auth)
      return nil
    }
    guard let stored, stored.user.id == current.user.id,
      stored.refreshToken != current.refreshToken, stored.expiresAt >= current.expiresAt
    else { return nil }
    return stored
  }

  /// The stored session's lock across processes; without it (the lock file cannot be made)
  /// a refresh still runs, as it did before there was a lock.
  func lock() async -> SessionStoreLease {
    do {
      return try await store.lock()
    } catch {
      logger.error("locking the stored session (renewing without the lock)", error, category: .auth)
      return .unlocked
    }
  }
}
