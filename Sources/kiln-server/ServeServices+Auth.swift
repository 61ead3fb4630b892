import Backend
import Core
import Foundation

/// The accounts half of `kiln-server serve` (issue #18): the auth store, the auth service
/// and the judge that makes the proxy trust the tokens it mints.
extension ServeServices {
  /// The auth service over `authStore`; deleting an account first erases what the proxy
  /// keeps for it (`ServerStore.eraseUser`: counters, entitlements, the ledger anonymised).
  /// Recovery links go to `OutboxMailer` in `AUTH_OUTBOX` (default `<data dir>/outbox`).
  static func authService(
    _ settings: ServerSettings, authStore: any AuthStore, serverStore: any ServerStore,
    clock: AppClock, logger: AppLogger
  ) -> AuthService {
    var configuration = settings.auth.configuration(proxy: settings.proxy)
    configuration.linkBase = settings.auth.linkBase(host: settings.host, port: settings.port)
    let outbox =
      settings.auth.outbox.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? URL(fileURLWithPath: settings.dataDirectory, isDirectory: true)
      .appendingPathComponent("outbox", isDirectory: true)
    let mailer = OutboxMailer(directory: outbox, clock: clock, uuid: .live, logger: logger)
    return AuthService(
      store: authStore, configuration: configuration, clock: clock, uuid: .live, mailer: mailer
    ) { userID in
      try await serverStore.eraseUser(userID)
    }
    .limited(by: settings.auth.rateLimits(store: serverStore))
  }
}
