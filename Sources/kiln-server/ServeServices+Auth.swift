import Backend
import Core
import Foundation
import Networking

/// The accounts half of `kiln-server serve` (issue #18): the auth store, the auth service
/// and the judge that makes the proxy trust the tokens it mints.
extension ServeServices {
  /// The auth service over `authStore`; deleting an account first erases what the proxy
  /// keeps for it (`ServerStore.eraseUser`: counters, entitlements, the ledger anonymised).
  /// Recovery links go to `OutboxMailer` in `AUTH_OUTBOX` (default `<data dir>/outbox`).
  static func authService(
    _ settings: ServerSettings, authStore: any AuthStore, serverStore: any ServerStore,
    idTokens: IDTokenVerifier?, clock: AppClock, logger: AppLogger
  ) -> AuthService {
    var configuration = settings.auth.configuration(proxy: settings.proxy)
    configuration.linkBase = settings.auth.linkBase(host: settings.host, port: settings.port)
    let outbox =
      settings.auth.outbox.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? URL(fileURLWithPath: settings.dataDirectory, isDirectory: true)
      .appendingPathComponent("outbox", isDirectory: true)
    let mailer = OutboxMailer(directory: outbox, clock: clock, uuid: .live, logger: logger)
    let service = AuthService(
      store: authStore, configuration: configuration, clock: clock, uuid: .live, mailer: mailer
    ) { userID in
      try await serverStore.eraseUser(userID)
    }
    .limited(by: settings.auth.rateLimits(store: serverStore))
    return idTokens.map(service.signingIn(with:)) ?? service
  }

  /// The `id_token` grant's judge of the enabled providers' tokens, with their key files
  /// read (a bad one stops the start, exit 2); `nil` when no provider is enabled. URLs are
  /// fetched when the first token needs them.
  static func idTokenVerifier(
    _ settings: AuthSettings, clock: AppClock, logger: AppLogger
  ) async throws(Failure) -> IDTokenVerifier? {
    guard !settings.idTokenProviders.isEmpty else { return nil }
    let verifier: IDTokenVerifier
    do {
      verifier = try IDTokenVerifier(
        providers: settings.idTokenProviders,
        loader: JWKSLoader(client: URLSessionHTTPClient(baseURL: nil, clock: clock)),
        clock: clock, logger: logger)
    } catch {
      throw .configuration("AUTH_APPLE_CLIENT_IDS or AUTH_GOOGLE_CLIENT_IDS: \(error)")
    }
    do {
      try await verifier.loadKeyFiles()
    } catch {
      throw .configuration("AUTH_APPLE_JWKS or AUTH_GOOGLE_JWKS: \(error)")
    }
    return verifier
  }
}
