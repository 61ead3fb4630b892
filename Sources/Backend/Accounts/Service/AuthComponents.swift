import Core
import Foundation
import JOSE

/// What every part of the auth service works with: the store, the configuration, the
/// injected clock, ids and randomness, the keyring and password hasher, the mailer, the
/// limits and the ID-token judge. A value, so each route type (`SignUpRoutes`,
/// `TokenGrants`, …) is made per request over the same parts.
struct AuthComponents: Sendable {
  let keyring: AuthKeyring
  let store: any AuthStore
  let configuration: AuthConfiguration
  let clock: AppClock
  let uuid: UUIDGenerator
  let hasher: PasswordHasher
  let randomBytes: @Sendable (Int) throws -> [UInt8]
  let onAccountDeleted: @Sendable (String) async throws -> Void
  /// Delivers recovery and confirmation links; without one `/recover` refuses every call.
  let mailer: (any Mailer)?
  /// Per-address and per-account limits; `nil` for none (`AuthService.limited(by:)`).
  var rateLimits: AuthRateLimits?
  /// Judges `id_token` grants; `nil` until `AuthService.signingIn(with:)`, so every
  /// provider is disabled.
  var idTokens: IDTokenVerifier?

  init(
    store: any AuthStore, configuration: AuthConfiguration, clock: AppClock, uuid: UUIDGenerator,
    mailer: (any Mailer)?, randomBytes: @escaping @Sendable (Int) throws -> [UInt8],
    onAccountDeleted: @escaping @Sendable (String) async throws -> Void
  ) {
    self.store = store
    self.configuration = configuration
    self.clock = clock
    self.uuid = uuid
    self.randomBytes = randomBytes
    self.onAccountDeleted = onAccountDeleted
    self.mailer = mailer
    self.keyring = AuthKeyring(
      store: store, configuration: configuration, clock: clock, randomBytes: randomBytes)
    self.hasher = PasswordHasher(
      parameters: configuration.scrypt,
      slots: HashingSlots(
        count: configuration.concurrentHashes, wait: configuration.hashWait, clock: clock),
      randomBytes: randomBytes)
  }
}

extension AuthComponents {
  /// Erases what the rest of the server keeps for `userID` before its account is deleted;
  /// a failure refuses the deletion (503) with the account still in place.
  func eraseBeforeDeleting(_ userID: String) async throws(AuthFailure) {
    do {
      try await onAccountDeleted(userID)
    } catch {
      throw .storeUnavailable
    }
  }

  /// Erases again once the account is gone: a request admitted between the first erasure
  /// and the deletion (a rate-limit count, a synced change) leaves nothing behind, and from
  /// now on the account is closed, so nothing more is admitted for it. The account is
  /// already deleted, so a failure here cannot refuse the call; the hook reports it.
  func eraseAfterDeleting(_ userID: String) async {
    try? await onAccountDeleted(userID)
  }
}
