import Auth
import Core
import Foundation
import Networking
import Storage
import TestSupport
import Testing

/// The session manager against a real HTTP server speaking GoTrue, with the session in a real
/// 0600 file. Backoff waits are zero here (the schedule itself is proven with a manual clock
/// in `SessionManagerRefreshTests`).
@Suite struct SessionManagerLoopbackTests {
  static let noWaits = RefreshPolicy(baseDelay: 0, maxDelay: 0)

  struct Setup {
    let gotrue: LoopbackGoTrue
    let directory: TemporaryDirectory
    let clock: ManualClock

    init() throws {
      gotrue = try LoopbackGoTrue()
      directory = try TemporaryDirectory()
      clock = ManualClock()
    }

    var store: FileSecureStore { FileSecureStore(directory: directory.url) }

    /// A manager as the app makes one: GoTrue over the real client, the session in the file.
    func manager() -> SessionManager {
      SessionManager(
        config: gotrue.config, httpClient: gotrue.http, secureStore: store,
        clock: clock.appClock, logger: gotrue.logger, policy: SessionManagerLoopbackTests.noWaits)
    }

    /// Stores `session` in the file, as an earlier run would have.
    func storeSession(_ session: AuthSession) throws {
      try SecureStoreSessionStore(secureStore: store).save(session)
    }

    var storedSession: AuthSession? {
      get throws { try SecureStoreSessionStore(secureStore: store).load() }
    }

    func tearDown() {
      gotrue.server.stop()
      directory.remove()
    }
  }

  static func serverSession(_ tag: String) -> LoopbackResponse {
    .json(GoTrueJSON.session(access: "access-\(tag)-Q9x7Lm2", refresh: "refresh-\(tag)-Zr4Kp8w"))
  }

  @Test func aHundredConcurrentTokenRequestsMakeOneRefreshRequest() async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    try setup.storeSession(Sessions.make("one", expiresIn: -600))
    let gate = LoopbackGate()
    var response = Self.serverSession("two")
    response.beforeHead = [.gate(gate)]
    setup.gotrue.server.route(.post, "/auth/v1/token", response)
    let manager = setup.manager()
    let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
      for _ in 0..<100 {
        group.addTask { try await manager.validAccessToken() }
      }
      try await gate.waitUntilReached()
      await Task.megaYield(count: 200)
      gate.open()
      var tokens: [String?] = []
      for try await token in group { tokens.append(token) }
      return tokens
    }
    #expect(tokens.count == 100)
    #expect(tokens.allSatisfy { $0 == "access-two-Q9x7Lm2" })
    #expect(setup.gotrue.requests("/auth/v1/token").count == 1)
    #expect(try setup.storedSession?.refreshToken == "refresh-two-Zr4Kp8w")
  }

  @Test func aRefreshRacingSignOutDoesNotResurrectTheSession() async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    try setup.storeSession(Sessions.make("one", expiresIn: -600))
    let gate = LoopbackGate()
    var response = Self.serverSession("two")
    response.beforeHead = [.gate(gate)]
    setup.gotrue.server.route(.post, "/auth/v1/token", response)
    setup.gotrue.server.route(.post, "/auth/v1/logout", .status(204))
    let manager = setup.manager()
    let caller = Task { try await manager.validAccessToken() }
    try await gate.waitUntilReached()
    try await manager.signOut()
    gate.open()
    _ = await caller.result
    #expect(manager.state == .unauthenticated)
    #expect(await manager.currentUser() == nil)
    #expect(try setup.storedSession == nil)
    #expect(try await manager.validAccessToken() == nil)
  }

  @Test func aCancelledRequestNeverLosesTheSession() async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    try setup.storeSession(Sessions.make("one", expiresIn: -600))
    let gate = LoopbackGate()
    var response = Self.serverSession("two")
    response.beforeHead = [.gate(gate)]
    setup.gotrue.server.route(.post, "/auth/v1/token", response)
    let manager = setup.manager()
    let caller = Task { try await manager.validAccessToken() }
    try await gate.waitUntilReached()
    caller.cancel()
    gate.open()
    _ = await caller.result
    #expect(try await manager.validAccessToken() == "access-two-Q9x7Lm2")
    #expect(manager.state == .authenticated(Sessions.alice))
    #expect(try setup.storedSession?.refreshToken == "refresh-two-Zr4Kp8w")
    #expect(setup.gotrue.requests("/auth/v1/token").count == 1)
  }

  @Test func aNetworkFailureDuringRefreshKeepsTheUserSignedIn() async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    let stored = Sessions.make("one", expiresIn: -600)
    try setup.storeSession(stored)
    setup.gotrue.server.route(.post, "/auth/v1/token", .dropConnection())
    let manager = setup.manager()
    await #expect(throws: HTTPError.self) { try await manager.validAccessToken() }
    #expect(setup.gotrue.requests("/auth/v1/token").count == 3)
    #expect(manager.state == .authenticated(Sessions.alice))
    #expect(try setup.storedSession == stored)
  }

  @Test func serverErrorsDuringRefreshKeepTheUserSignedIn() async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    let stored = Sessions.make("one", expiresIn: -600)
    try setup.storeSession(stored)
    setup.gotrue.server.route(
      .post, "/auth/v1/token",
      .json(#"{"code":"unexpected_failure","message":"Unexpected failure"}"#, status: 500))
    let manager = setup.manager()
    await #expect(throws: AuthError.self) { try await manager.refreshIfNeeded() }
    #expect(setup.gotrue.requests("/auth/v1/token").count == 3)
    #expect(manager.state == .authenticated(Sessions.alice))
    #expect(try setup.storedSession == stored)
  }

  @Test(arguments: [
    #"{"code":"refresh_token_not_found","message":"Invalid Refresh Token: Refresh Token Not Found"}"#,
    #"{"code":400,"error_code":"refresh_token_already_used","msg":"Invalid Refresh Token: Already Used"}"#,
    #"{"code":"session_not_found","message":"Session from session_id claim in JWT does not exist"}"#,
    #"{"error":"invalid_grant","error_description":"Invalid Refresh Token: Refresh Token Not Found"}"#,
  ])
  func terminalAnswersSignOutAndClearTheStore(body: String) async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    try setup.storeSession(Sessions.make("one", expiresIn: -600))
    setup.gotrue.server.route(.post, "/auth/v1/token", .json(body, status: 400))
    let manager = setup.manager()
    await #expect(throws: AuthError.sessionExpired) { try await manager.refreshIfNeeded() }
    #expect(setup.gotrue.requests("/auth/v1/token").count == 1)
    #expect(manager.state == .unauthenticated)
    #expect(try setup.storedSession == nil)
  }

  @Test func aRestartHoursAfterExpiryRefreshesSilently() async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    setup.gotrue.server.enqueue(Self.serverSession("one"), method: .post, path: "/auth/v1/token")
    setup.gotrue.server.enqueue(Self.serverSession("two"), method: .post, path: "/auth/v1/token")
    do {
      // The first run signs in and exits (its scheduled refresh ends with it).
      let first = setup.manager()
      _ = try await first.signInWithEmail(email: "alice@example.com", password: "hunter2-pw")
    }
    await setup.clock.advance(by: .seconds(5 * 3600))

    let restarted = setup.manager()
    #expect(restarted.state == .refreshing)
    await restarted.start()
    #expect(restarted.state == .authenticated(Sessions.alice))
    let refresh = try #require(setup.gotrue.requests("/auth/v1/token").last)
    #expect(refresh.queryValue("grant_type") == "refresh_token")
    #expect(try LoopbackGoTrue.body(refresh) == ["refresh_token": "refresh-one-Zr4Kp8w"])
    #expect(try setup.storedSession?.accessToken == "access-two-Q9x7Lm2")
  }

  @Test func aRestartAfterFourteenDaysAsksForSignInAgain() async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    try setup.storeSession(Sessions.make("one"))
    await setup.clock.advance(by: .seconds(14 * 86_400))
    setup.gotrue.server.route(
      .post, "/auth/v1/token",
      .json(
        #"{"code":"session_expired","message":"Session Expired (Inactivity)"}"#, status: 400))
    let restarted = setup.manager()
    #expect(restarted.state == .refreshing)
    await restarted.start()
    #expect(restarted.state == .unauthenticated)
    #expect(await restarted.snapshot() == .signedOut)
    #expect(try setup.storedSession == nil)
  }

  @Test func theSessionIsOneRecordInAnOwnerOnlyFile() async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    setup.gotrue.server.route(.post, "/auth/v1/token", Self.serverSession("one"))
    _ = try await setup.manager().signInWithEmail(email: "alice@example.com", password: "pw")
    let file = setup.directory.url.appendingPathComponent(FileSecureStore.fileName)
    #expect(try TemporaryDirectory.mode(of: file) == 0o600)
    let store = setup.store
    #expect(try store.getData(SecureStoreKeys.authSession) != nil)
    #expect(try store.getData("auth_access_token") == nil)
    #expect(try store.getData("auth_refresh_token") == nil)
    #expect(try setup.storedSession?.refreshToken == "refresh-one-Zr4Kp8w")
  }

  @Test func theTokenProviderGivesTheAuthInterceptorAFreshToken() async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    try setup.storeSession(Sessions.make("one", expiresIn: -600))
    setup.gotrue.server.route(.post, "/auth/v1/token", Self.serverSession("two"))
    setup.gotrue.server.route(.post, "/functions/v1/ai", .json("{}"))
    let manager = setup.manager()
    let proxy = URLSessionHTTPClient(
      baseURL: setup.gotrue.server.baseURL,
      interceptors: [AuthInterceptor(tokenProvider: manager.tokenProvider)], clock: .live)
    _ = try await proxy.send(HTTPRequest(path: "/functions/v1/ai", method: .post))
    let call = try #require(setup.gotrue.requests("/functions/v1/ai").first)
    #expect(call.headers["Authorization"] == "Bearer access-two-Q9x7Lm2")
    #expect(setup.gotrue.requests("/auth/v1/token").count == 1)
  }

  @Test func noTokenKeyPasswordOrAddressReachesAnyLogLine() async throws {
    let setup = try Setup()
    defer { setup.tearDown() }
    let server = setup.gotrue.server
    // The drop comes on a fresh connection: on a reused keep-alive connection corelibs cannot
    // resend a POST body and waits for the 30 s head timeout instead (a Networking finding).
    var signIn = Self.serverSession("one")
    signIn.closesConnection = true
    server.enqueue(signIn, method: .post, path: "/auth/v1/token")
    server.enqueue(.dropConnection(), method: .post, path: "/auth/v1/token")
    server.enqueue(Self.serverSession("two"), method: .post, path: "/auth/v1/token")
    server.enqueue(
      .json(#"{"code":"refresh_token_not_found","message":"Invalid Refresh Token"}"#, status: 400),
      method: .post, path: "/auth/v1/token")
    server.enqueue(Self.serverSession("three"), method: .post, path: "/auth/v1/token")
    server.route(
      .post, "/auth/v1/logout", .json(#"{"code":"bad_jwt","message":"bad"}"#, status: 403))
    let manager = setup.manager()
    _ = try await manager.signInWithEmail(email: "alice@example.com", password: "hunter2-pw")
    _ = try await manager.renewAccessToken(rejected: "access-one-Q9x7Lm2")
    await #expect(throws: AuthError.sessionExpired) {
      _ = try await manager.renewAccessToken(rejected: "access-two-Q9x7Lm2")
    }
    _ = try await manager.signInWithEmail(email: "alice@example.com", password: "hunter2-pw")
    try await manager.signOut()

    #expect(setup.gotrue.requests("/auth/v1/token").count == 5)
    #expect(server.pendingResponseCount == 0)
    let lines = setup.gotrue.sink.text
    #expect(setup.gotrue.sink.records.contains { $0.category == .networking })
    #expect(setup.gotrue.sink.records.contains { $0.category == .auth })
    for secret in [
      "access-one-Q9x7Lm2", "refresh-one-Zr4Kp8w", "access-two-Q9x7Lm2", "refresh-two-Zr4Kp8w",
      "access-three-Q9x7Lm2", "refresh-three-Zr4Kp8w", "hunter2-pw", "alice@example.com",
      LoopbackGoTrue.anonKey,
    ] {
      #expect(!lines.contains(secret), "a log line contains \(secret)")
    }
  }
}
