import Backend
import Core
import Foundation

/// The accounts half of `kiln-server serve` (issue #18): the auth store, the auth service
/// and the judge that makes the proxy trust the tokens it mints.
extension ServeServices {
  /// The store accounts live in, and whether it outlives the process.
  struct AuthStoreHandle {
    let store: any AuthStore
    /// False for the in-memory stand-in: accounts, sessions and keys vanish at exit, so
    /// `kiln-server keys` cannot print the keys a running serve uses.
    let isPersistent: Bool
  }

  /// The ONE place kiln-server obtains its auth store; `serve` and `keys` both call it.
  ///
  /// Until `SQLiteServerStore` / `PostgresServerStore` conform to `AuthStore` (another
  /// branch), this returns an `InMemoryAuthStore`: every account is lost when serve stops.
  /// At merge the integrator returns `serverStore` itself here (`isPersistent: true`).
  static func openAuthStore(serverStore: any ServerStore) -> AuthStoreHandle {
    _ = serverStore
    return AuthStoreHandle(store: InMemoryAuthStore(), isPersistent: false)
  }

  /// The auth service over `authStore`; deleting an account first erases what the proxy
  /// keeps for it (`ServerStore.eraseUser`: counters, entitlements, the ledger anonymised).
  static func authService(
    _ settings: ServerSettings, authStore: any AuthStore, serverStore: any ServerStore,
    clock: AppClock
  ) -> AuthService {
    AuthService(
      store: authStore, configuration: settings.auth.configuration(proxy: settings.proxy),
      clock: clock, uuid: .live
    ) { userID in
      try await serverStore.eraseUser(userID)
    }
  }
}
