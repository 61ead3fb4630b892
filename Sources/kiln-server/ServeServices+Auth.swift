import Backend
import Core
import Foundation
import Networking

/// The accounts half of `kiln-server serve` (issue #18): the auth store, the auth service
/// and the judge that makes the proxy trust the tokens it mints.
extension ServeServices {
  /// The auth service over `stores.accounts`; deleting an account first deletes the user's
  /// synced rows (`SyncStore.deleteSyncedRows`) and erases what the proxy keeps for it
  /// (`ServerStore.eraseUser`: counters, entitlements, the ledger anonymised), and a failure
  /// of either refuses the deletion (503) with the account still in place. Recovery links go
  /// to `OutboxMailer` in `AUTH_OUTBOX` (default `<data dir>/outbox`).
  static func authService(
    _ settings: ServerSettings, stores: ServerStores, idTokens: IDTokenVerifier?,
    lateLedgerWrites: LateLedgerWrites = LateLedgerWrites(), clock: AppClock, logger: AppLogger
  ) -> AuthService {
    let serverStore = stores.proxy
    let syncStore = stores.sync
    var configuration = settings.auth.configuration(proxy: settings.proxy)
    configuration.linkBase = settings.auth.linkBase(host: settings.host, port: settings.port)
    let outbox =
      settings.auth.outbox.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? URL(fileURLWithPath: settings.dataDirectory, isDirectory: true)
      .appendingPathComponent("outbox", isDirectory: true)
    let mailer = OutboxMailer(directory: outbox, clock: clock, uuid: .live, logger: logger)
    let service = AuthService(
      store: stores.accounts, configuration: configuration, clock: clock, uuid: .live,
      mailer: mailer
    ) { userID in
      do {
        try await eraseAccountData(
          userID, sync: syncStore, proxy: serverStore, lateLedgerWrites: lateLedgerWrites)
      } catch {
        // The second run's failure reaches no client (the account is gone): it is said here.
        logger.error("erasing a deleted account's data failed: \(error)", category: .backend)
        throw error
      }
    }
    .limited(by: settings.auth.rateLimits(store: serverStore))
    return idTokens.map(service.signingIn(with:)) ?? service
  }

  /// What the server keeps for `userID` besides the account, deleted before it: the synced
  /// rows first, then the proxy's data. The auth service passes the account's lower-case
  /// UUID; anything else is refused rather than half deleted.
  static func eraseAccountData(
    _ userID: String, sync: any SyncStore, proxy: any ServerStore,
    lateLedgerWrites: LateLedgerWrites = LateLedgerWrites()
  ) async throws {
    guard let id = UUID(uuidString: userID) else { throw AccountDataError.notAUserID }
    try await sync.deleteSyncedRows(of: id)
    await lateLedgerWrites.wait()
    try await proxy.eraseUser(userID)
  }

  /// Why an account's data could not be erased.
  enum AccountDataError: Error {
    /// The id is not a UUID, so it names no synced rows.
    case notAUserID
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
