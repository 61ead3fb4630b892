import Backend
import Core
import Foundation

/// The accounts half of `kiln-server serve` (issue #18): the auth store, the auth service
/// and the judge that makes the proxy trust the tokens it mints.
extension ServeServices {
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
    .limited(by: settings.auth.rateLimits(store: serverStore))
  }
}
