import Core
import Foundation

extension SessionManager {
  struct LoadedSession {
    var session: AuthSession?
    var state: AuthState
    var readFailed: Bool
  }

  /// Reads the stored session for `init`. A damaged record is deleted (signed out); a store
  /// that cannot be read at all is left alone (its record may be fine) and counts as signed
  /// out for now.
  static func loadStoredSession(
    from store: any SessionStore, now: Date, logger: AppLogger
  ) -> LoadedSession {
    do {
      guard let session = try store.load() else {
        return LoadedSession(session: nil, state: .unauthenticated, readFailed: false)
      }
      let state: AuthState = session.isExpired(at: now) ? .refreshing : .authenticated(session.user)
      logger.info("restored the stored session (\(state))", category: .auth)
      return LoadedSession(session: session, state: state, readFailed: false)
    } catch let error as SessionStoreError {
      logger.error("the stored session is damaged and was removed", error, category: .auth)
      do {
        try store.clear()
      } catch {
        logger.error("removing the damaged session", error, category: .auth)
      }
      return LoadedSession(session: nil, state: .unauthenticated, readFailed: false)
    } catch {
      logger.error("reading the stored session", error, category: .auth)
      return LoadedSession(session: nil, state: .unauthenticated, readFailed: true)
    }
  }

  /// Tries the store again after it failed at creation.
  func reloadAfterFailedRead() {
    let loaded = Self.loadStoredSession(from: store, now: clock.now(), logger: logger)
    storeReadFailed = loaded.readFailed
    guard let restored = loaded.session else { return }
    session = restored
    publish(loaded.state)
  }

  /// Writes a renewed session. A failure is logged, not thrown: the server has already
  /// rotated the refresh token, so the new one must stay in memory either way.
  func persistRenewed(_ renewed: AuthSession) {
    do {
      try store.save(renewed)
    } catch {
      logger.error("saving the renewed session", error, category: .auth)
    }
  }

  /// A session another process (or an earlier run) stored for the same user with a different
  /// refresh token: it already renewed what this process holds.
  func newerStoredSession(than current: AuthSession) -> AuthSession? {
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
}
