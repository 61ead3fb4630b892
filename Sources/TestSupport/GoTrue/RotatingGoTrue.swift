import Foundation
import Networking
import Synchronization

/// A GoTrue (Supabase Auth) on a `LoopbackHTTPServer` that rotates refresh tokens the way a
/// Supabase project does, and punishes a client that loses a rotated token.
///
/// - `POST /auth/v1/signup` and `POST /auth/v1/token?grant_type=password` start a session;
///   every access token lives `accessTokenLifetime` seconds by the injected time.
/// - `POST /auth/v1/token?grant_type=refresh_token` spends the presented refresh token and
///   answers a new one (its child). Presenting the parent of the session's current token
///   again within `reuseInterval` seconds of its rotation answers the current token (a
///   client that lost the answer gets it again); any other reuse revokes the whole session,
///   is recorded in `lateReuses`, and every later call for that session fails.
/// - `GET /auth/v1/user` answers the user for a live access token of a live session, and
///   403 otherwise; `POST /auth/v1/logout` revokes the session.
///
/// ```swift
/// let server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
/// let gotrue = RotatingGoTrue(server: server, now: { clock.now })
/// // … runs of the app against server.baseURL …
/// #expect(gotrue.lateReuses.isEmpty)
/// ```
/// Requests to other paths reach the server's unexpected-request report.
public final class RotatingGoTrue: Sendable {
  /// What the server remembers.
  struct State {
    var users: [String: User] = [:]
    var sessions: [Int: SessionState] = [:]
    var refreshTokens: [String: RefreshToken] = [:]
    var accessTokens: [String: AccessToken] = [:]
    var nextNumber = 0
    var lateReuses: [String] = []
    var refreshGrants = 0
    var userLookups = 0
  }

  struct User {
    let id: String
    let email: String
    let password: String
  }

  struct SessionState {
    let userEmail: String
    var currentRefreshToken: String
    var isRevoked = false
  }

  struct RefreshToken {
    let session: Int
    let parent: String?
    var rotatedAt: Date?
  }

  struct AccessToken {
    let session: Int
    let expiresAt: Date
  }

  /// The server it answers on.
  public let server: LoopbackHTTPServer
  /// How long each access token lives (30 s unless told).
  public let accessTokenLifetime: TimeInterval
  /// How long after its rotation a parent refresh token is still answered (GoTrue's 10 s).
  public let reuseInterval: TimeInterval
  let now: @Sendable () -> Date
  let state = Mutex(State())

  /// Installs the GoTrue routes on `server`.
  /// - Parameters:
  ///   - server: the loopback server; its base URL is the Supabase URL.
  ///   - now: the server's time (a manual clock's, or the wall clock's).
  ///   - accessTokenLifetime: `expires_in` of every token.
  ///   - reuseInterval: the grace for presenting a just-rotated parent again.
  public init(
    server: LoopbackHTTPServer, now: @escaping @Sendable () -> Date,
    accessTokenLifetime: TimeInterval = 30, reuseInterval: TimeInterval = 10
  ) {
    self.server = server
    self.now = now
    self.accessTokenLifetime = accessTokenLifetime
    self.reuseInterval = reuseInterval
    server.serve(.post, "/auth/v1/signup") { [self] in signUp($0) }
    server.serve(.post, "/auth/v1/token") { [self] in token($0) }
    server.serve(.get, "/auth/v1/user") { [self] in user($0) }
    server.serve(.post, "/auth/v1/logout") { [self] in logout($0) }
  }

  /// Descriptions of every late reuse of a refresh token (each revoked a session). A client
  /// that keeps its session never causes one.
  public var lateReuses: [String] { state.withLock { $0.lateReuses } }

  /// How many refresh-token grants were asked for, answered or not.
  public var refreshGrantCount: Int { state.withLock { $0.refreshGrants } }

  /// How many `GET /user` calls arrived.
  public var userLookupCount: Int { state.withLock { $0.userLookups } }

  /// The refresh token the server would rotate next for `email`'s newest live session.
  public func currentRefreshToken(for email: String) -> String? {
    state.withLock { state in
      state.sessions.sorted { $0.key > $1.key }
        .first { $0.value.userEmail == email && !$0.value.isRevoked }?.value.currentRefreshToken
    }
  }

  /// Whether `email` has a session the server has not revoked.
  public func hasLiveSession(for email: String) -> Bool {
    currentRefreshToken(for: email) != nil
  }

  /// Creates an account and a session for it directly, as an earlier sign-in would have.
  /// - Returns: the session's refresh token and the user's id.
  public func seedSession(email: String, password: String) -> (refreshToken: String, userID: String)
  {
    state.withLock { state in
      let user = Self.addUser(email: email, password: password, to: &state)
      let issued = Self.startSession(for: user, in: &state, now: now(), lifetime: 0)
      return (issued.refreshToken, user.id)
    }
  }
}
