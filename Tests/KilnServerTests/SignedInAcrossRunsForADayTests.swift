import Auth
import Backend
import Core
import Foundation
import HTTPServer
import JOSE
import Networking
import Storage
import Synchronization
import TestSupport
import Testing

@testable import kiln_server

/// Kiln's own session code against kiln-server's accounts for a day of simulated time
/// (issue #18): access tokens live 30 s (`JWT_EXPIRY=30`), both sides read one manual
/// clock, and every simulated hour `kiln` "exits" and a new run picks the session up from
/// its file-backed store.
@Suite struct SignedInAcrossRunsForADayTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  static let email = "ada@example.com"
  static let password = "correct horse battery"
  /// One run of `kiln` is active this long, then nothing runs for `pause` (the access token
  /// expires meanwhile, so the next run starts with a launch refresh).
  static let runLength: TimeInterval = 3_540
  static let pause: TimeInterval = 60
  static let runs = 24

  @Test func kilnStaysSignedInForADayOfThirtySecondTokensAcrossRuns() async throws {
    let rig = try await DayRig()
    do {
      try await Self.liveADay(rig)
    } catch {
      await rig.stop()
      throw error
    }
    await rig.stop()
  }

  static func liveADay(_ rig: DayRig) async throws {
    var run = rig.newRun()
    guard
      case .signedIn(let user) = try await run.signUpWithEmail(
        email: Self.email, password: Self.password)
    else {
      Issue.record("sign-up did not sign in")
      return
    }
    var sessionID: String?
    var spentTokens: [String] = [try #require(try rig.storedSession()).refreshToken]
    for index in 0..<Self.runs {
      if index > 0 {
        run = rig.newRun()
        // The stored session is there at launch; its access token expired during the pause.
        #expect(run.state == .refreshing)
      }
      let refreshesAtLaunch = rig.refreshes.completed
      await run.start()
      #expect(run.state == .authenticated(user))
      #expect(rig.refreshes.completed == refreshesAtLaunch + (index > 0 ? 1 : 0))
      #expect(await run.confirmAccount() == .confirmed(user))
      let runEnd = rig.clock.now.addingTimeInterval(Self.runLength)
      while true {
        try await rig.checkToken(from: run, user: user, sessionID: &sessionID)
        let current = try #require(try rig.storedSession())
        if current.refreshToken != spentTokens.last { spentTokens.append(current.refreshToken) }
        guard await rig.clock.waitForSleepers(1) else {
          Issue.record("no refresh is scheduled at \(rig.clock.now)")
          return
        }
        let due = try #require(rig.clock.pendingDeadlines.first)
        guard due <= runEnd else { break }
        // Used a few seconds before the refresh is due: the token is still good, and
        // nothing is renewed.
        let quiet = rig.refreshes.completed
        await rig.clock.advance(to: due.addingTimeInterval(-4))
        try await rig.checkToken(from: run, user: user, sessionID: &sessionID)
        #expect(rig.refreshes.completed == quiet)
        // The timer renews on its own, before anything asks for a token.
        await rig.clock.advance(to: due)
        guard await rig.refreshes.waitUntilCompleted(quiet + 1) else {
          let snapshot = await run.snapshot()
          let detail =
            "no refresh at \(rig.clock.now) (due \(due)); pending \(rig.clock.pendingDeadlines), "
            + "token expires \(String(describing: snapshot.accessTokenExpiresAt)), "
            + "state \(snapshot.state)"
          Issue.record(
            Comment(rawValue: detail + "\n" + rig.sink.messages.suffix(12).joined(separator: "\n")))
          return
        }
      }
      await run.shutdown()
      await rig.clock.advance(to: runEnd.addingTimeInterval(Self.pause))
    }
    let day = rig.clock.now.timeIntervalSince(Self.start)
    #expect(day >= 24 * 3_600)
    // Every refresh presented the newest token and got a new one.
    #expect(Set(spentTokens).count == spentTokens.count)
    #expect(spentTokens.count == rig.refreshes.completed + 1)
    // 30 s tokens renewed 15 s before expiry, plus one launch refresh per later run: at
    // least one refresh per token lifetime is needed, at most one per half lifetime.
    let refreshes = rig.refreshes.completed
    #expect(refreshes >= Int(day / 30))
    #expect(refreshes <= Int(day / 15) + Self.runs)
    try await expectReuseAfterTheIntervalEndsTheSession(rig, spent: spentTokens)
  }

  /// GoTrue's rule (decision 91): the parent of the current refresh token, presented again
  /// after the reuse interval, is refused and ends the whole session, so the next run's
  /// launch refresh with the current token signs the user out.
  static func expectReuseAfterTheIntervalEndsTheSession(
    _ rig: DayRig, spent: [String]
  ) async throws {
    let parent = try #require(spent.dropLast().last)
    await rig.clock.advance(by: .seconds(11))
    do {
      _ = try await rig.gotrue.refresh(refreshToken: parent)
      Issue.record("a refresh token reused after the interval was accepted")
    } catch AuthError.server(let error) {
      #expect(error.code == .refreshTokenAlreadyUsed)
      #expect(error.status == 400)
    }
    let next = rig.newRun()
    #expect(next.state == .refreshing)
    await next.start()
    #expect(next.state == .unauthenticated)
    #expect(try rig.storedSession() == nil)
    await next.shutdown()
  }
}

/// kiln-server composed as `serve` composes it (settings from the environment, the SQLite
/// store in a fresh data directory, `ServeRoutes` on the real HTTP server) and Kiln's client
/// pieces as `kiln` composes them on Linux, all on one manual clock.
final class DayRig: Sendable {
  let clock = ManualClock(start: SignedInAcrossRunsForADayTests.start)
  let directory: URL
  let server: HTTPServer
  let baseURL: URL
  let anonKey: String
  let judge: any AccessTokenJudging
  let refreshes = RefreshCounter()
  let sink = InMemoryLogSink()

  init() async throws {
    // A memory-backed folder where there is one: thousands of durable writes on each side
    // (the session file, the SQLite store) would otherwise make the day wait on the disk.
    let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    let base =
      FileManager.default.isWritableFile(atPath: memory.path)
      ? memory : FileManager.default.temporaryDirectory
    directory = base.appendingPathComponent("kiln-day-\(UUID().uuidString)", isDirectory: true)
    let environment = [
      "DATA_DIR": directory.appendingPathComponent("server").path, "PORT": "0",
      "JWT_EXPIRY": "30", "AUTH_SCRYPT_LOG_N": "10", "ACCESS_LOG": "off",
    ]
    let settings = try ServerSettings.resolve(
      flags: [:], configPath: nil,
      machine: .init(onlineCores: 2, openFileLimit: 1_024, environment: environment))
    try ServerEnvironment.prepareDataDirectory(settings.dataDirectory)
    let services = try await ServeServices.make(
      settings, clock: clock.appClock, logger: .disabled)
    judge = AuthKeyringTrustingJudge(
      configured: try await ServeServices.tokenJudge(
        settings.proxy, clock: clock.appClock, logger: .disabled
      ).judge, keyring: services.auth.keyring)
    anonKey = try await services.auth.keyring.apiKeys().anonKey
    let router = ServeRoutes.router(
      ServeRoutes.Dependencies(
        clock: clock.appClock, makeIdentifier: .incrementing(), metrics: HTTPServerMetrics(),
        accessLog: nil, metricsToken: nil, services: services))
    server = HTTPServer(
      host: "127.0.0.1", port: 0, configuration: ServerCommandLine.configuration(settings),
      router: router)
    let port = try server.start()
    baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
  }

  var config: AuthConfig { AuthConfig(supabaseURL: baseURL, supabaseAnonKey: anonKey) }
  var secrets: URL { directory.appendingPathComponent("secrets", isDirectory: true) }

  /// A new `kiln` process: its own HTTP client and file store over the same directory.
  func newRun() -> SessionManager {
    SessionManager(
      config: config, httpClient: CountingHTTPClient(base: httpClient(), counter: refreshes),
      secureStore: FileSecureStore(directory: secrets), clock: clock.appClock,
      logger: AppLogger(minimumLevel: .debug, sinks: [sink]))
  }

  /// Kiln's GoTrue client without a session manager, for presenting a token by hand.
  var gotrue: GoTrueClient {
    GoTrueClient(config: config, httpClient: httpClient(), clock: clock.appClock)
  }

  func httpClient() -> URLSessionHTTPClient {
    URLSessionHTTPClient(
      baseURL: nil, interceptors: [HeadersInterceptor(appVersion: "1.0.0")],
      clock: clock.appClock)
  }

  /// The session as the next run would read it.
  func storedSession() throws -> AuthSession? {
    try SecureStoreSessionStore(secureStore: FileSecureStore(directory: secrets)).load()
  }

  /// Takes a token from `manager` as a request would, and has the server's own verifier
  /// (the proxy's judge) accept it at the simulated time; its `exp` is after that time with
  /// no leeway, and it belongs to the one session of the day.
  func checkToken(
    from manager: SessionManager, user: AuthUser, sessionID: inout String?
  ) async throws {
    let token = try #require(try await manager.validAccessToken())
    let principal = try await judge.principal(authorization: "Bearer " + token)
    guard case .user(let subject, let claims) = principal else {
      Issue.record("the token is not a user's: \(principal)")
      return
    }
    #expect(subject == user.id)
    let expiry = try #require(claims.expiresAt)
    #expect(expiry > clock.now.timeIntervalSince1970, "expired at \(clock.now)")
    if sessionID == nil { sessionID = claims.sessionID }
    #expect(claims.sessionID == sessionID)
  }

  func stop() async {
    await server.shutdown(deadline: .milliseconds(100))
    do {
      try FileManager.default.removeItem(at: directory)
    } catch {
      Issue.record("could not remove \(directory.path): \(error)")
    }
  }
}

/// Counts the refresh-token grants `kiln`'s HTTP clients sent and got an answer to, and lets
/// the test wait for the next one (the scheduled refresh runs in the manager's own task).
final class RefreshCounter: Sendable {
  private struct Waiter {
    let id: Int
    let count: Int
    let continuation: CheckedContinuation<Bool, Never>
  }
  private struct State {
    var completed = 0
    var waiters: [Waiter] = []
    var nextID = 0
  }
  private let state = Mutex(State())

  var completed: Int { state.withLock { $0.completed } }

  func didComplete() {
    let ready = state.withLock { state -> [Waiter] in
      state.completed += 1
      let count = state.completed
      defer { state.waiters.removeAll { $0.count <= count } }
      return state.waiters.filter { $0.count <= count }
    }
    for waiter in ready { waiter.continuation.resume(returning: true) }
  }

  /// Returns once `count` refreshes have completed. A refresh that never comes fails the
  /// test after a generous real-time guard instead of hanging it; nothing is timed.
  func waitUntilCompleted(_ count: Int) async -> Bool {
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    let guardTask = Task {
      try await Task.sleep(for: .seconds(10))
      self.giveUp(id)
    }
    defer { guardTask.cancel() }
    let arrived = await withCheckedContinuation {
      (continuation: CheckedContinuation<Bool, Never>) in
      let now = state.withLock { state -> Bool in
        if state.completed >= count { return true }
        state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
        return false
      }
      if now { continuation.resume(returning: true) }
    }
    return arrived
  }

  private func giveUp(_ id: Int) {
    let waiter = state.withLock { state -> Waiter? in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return state.waiters.remove(at: index)
    }
    waiter?.continuation.resume(returning: false)
  }
}

/// `kiln`'s HTTP client, counting the refresh-token grants it sends; anything streamed is
/// unexpected here and fails loudly.
struct CountingHTTPClient: HTTPClient {
  let base: any HTTPClient
  let counter: RefreshCounter

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let url = try request.resolvedURL(baseURL: nil)
    let isRefresh =
      url.path.hasSuffix("/auth/v1/token")
      && (request.query.contains { $0.name == "grant_type" && $0.value == "refresh_token" }
        || (url.query ?? "").contains("grant_type=refresh_token"))
    defer { if isRefresh { counter.didComplete() } }
    return try await base.send(request)
  }

  func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
    Issue.record("unexpected streamed request to \(try request.resolvedURL(baseURL: nil).path)")
    return try await base.stream(request)
  }
}
