import Core
import Foundation

/// Keeps a user signed in against GoTrue: signs in, up and out, stores the session as one
/// record, and renews the access token before it expires.
///
/// - At creation it reads the stored session (`SessionPersistence`) and sets the state at
///   once: `.authenticated`, `.refreshing` for an expired access token (renewed by `start()`
///   or the first call that needs a token), or `.unauthenticated` (none, or damaged: deleted).
/// - `start()` (once at launch) renews an expired session and sets the `RefreshTimer` 60 s
///   before expiry (half the lifetime before, for tokens living no longer than 60 s);
///   `shutdown()` (before exit) stops it and waits for a refresh in flight, so rotated
///   tokens are always saved.
/// - One refresh is in flight however many callers ask (`SharedRefresh`); it runs under the
///   record's lock across processes and adopts a session another process renewed
///   (`SessionRenewal`); transient failures are retried with backoff and never sign out,
///   only GoTrue's session-ending answers do (`RefreshAttempts`).
/// - Every sign-in and sign-out starts a new generation; a refresh of an older one is
///   dropped. A caller's cancelled task never cancels the shared refresh. Tokens never reach
///   the logs.
public actor SessionManager: AuthClient {
  let api: any GoTrueAPI
  /// The session and its renewal.
  let keeper: SessionKeeper
  let logger: AppLogger
  let identityProviders: [IdentityProvider: any IdentityTokenProvider]

  /// A manager over `api` and `store`; reads the stored session before returning.
  /// - Parameters:
  ///   - api: the GoTrue calls (`GoTrueClient` in the app).
  ///   - store: where the session is kept (`SecureStoreSessionStore` in the app).
  ///   - clock: time and sleeping; tests pass `ManualClock.appClock`.
  ///   - logger: where auth events go; tokens are never logged.
  ///   - policy: refresh margin, attempts and backoff.
  ///   - identityProviders: native sign-in flows by provider (Apple, Google); empty on Linux.
  public init(
    api: any GoTrueAPI,
    store: any SessionStore,
    clock: AppClock,
    logger: AppLogger = .disabled,
    policy: RefreshPolicy = .standard,
    identityProviders: [IdentityProvider: any IdentityTokenProvider] = [:]
  ) {
    self.api = api
    self.keeper = SessionKeeper(
      api: api, store: store, clock: clock, logger: logger, policy: policy)
    self.logger = logger
    self.identityProviders = identityProviders
  }

  /// The current state, without waiting.
  public nonisolated var state: AuthState { keeper.broadcaster.current }

  /// The states, starting with the current one; every subscriber gets every later change.
  public nonisolated func authStates() -> AsyncStream<AuthState> {
    keeper.broadcaster.subscribe()
  }

  /// The token provider for `AuthInterceptor` on clients that call Kiln's backend (the AI
  /// proxy, sync): a token valid for at least the refresh margin, renewed first when needed.
  public nonisolated var tokenProvider: AuthTokenProvider {
    AuthTokenProvider(client: self)
  }

  /// The signed-in user, or `nil`.
  public func currentUser() async -> AuthUser? {
    await keeper.session?.user
  }

  /// Who is signed in and until when the access token is valid.
  public func snapshot() async -> AuthSnapshot {
    await keeper.snapshot()
  }

  /// Starts keeping the session alive: renews a stored session whose access token expired
  /// (or is about to), otherwise schedules the refresh 60 s before expiry (half the token's
  /// lifetime before, for tokens that live no longer than that). Call it once at
  /// launch; later calls do nothing. Returns when the launch refresh, if any, has finished
  /// (the state meanwhile is `.refreshing`), so call it from a background task if the UI must
  /// not wait. Never throws: a failed launch refresh leaves the outcome in the state.
  public func start() async {
    await keeper.start()
  }

  /// Stops keeping the session alive before the process exits: nothing is scheduled from now
  /// on, and every refresh in flight finishes first, so tokens the server already rotated are
  /// saved rather than lost with the process (the next run would present the spent refresh
  /// token, and a server that rotates tokens ends the session for that). Calls that need a
  /// token still work afterwards; they refresh on demand. The `kiln` executable calls this
  /// through `AppDependencies.shutdown()`.
  public func shutdown() async {
    await keeper.shutdown()
  }
}
