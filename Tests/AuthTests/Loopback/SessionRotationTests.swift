import Auth
import Core
import Foundation
import Networking
import Storage
import TestSupport
import Testing

/// Runs of the program against a GoTrue that issues 30 s access tokens and rotates refresh
/// tokens with a 10 s reuse interval, revoking the session when a spent token comes back
/// later. Each run is its own session manager over the one session file, ended as a process
/// ends (`ProcessRun`); time is a manual clock shared by the runs and the server.
@Suite struct SessionRotationTests {
  static let email = "alice@example.com"
  static let password = "correct-horse-7"

  struct World {
    let server: LoopbackHTTPServer
    let gotrue: RotatingGoTrue
    let config: AuthConfig
    let http: URLSessionHTTPClient
    let directory: TemporaryDirectory
    let clock: ManualClock
    let sink = InMemoryLogSink()

    init() throws {
      server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
      let clock = ManualClock()
      self.clock = clock
      gotrue = RotatingGoTrue(server: server, now: { clock.now })
      config = AuthConfig(supabaseURL: server.baseURL, supabaseAnonKey: LoopbackGoTrue.anonKey)
      http = URLSessionHTTPClient(baseURL: nil, clock: .live)
      directory = try TemporaryDirectory()
    }

    /// A new run (a process starting).
    func run() -> ProcessRun {
      ProcessRun(
        config: config, http: http, directory: directory.url, clock: clock.appClock,
        logger: AppLogger(minimumLevel: .debug, sinks: [sink], now: { [clock] in clock.now }))
    }

    var storedSession: AuthSession? {
      get throws {
        try SecureStoreSessionStore(secureStore: FileSecureStore(directory: directory.url)).load()
      }
    }

    /// `kiln signup`: one run that creates the account and exits.
    func signUp() async throws {
      let run = run()
      let outcome = try await run.manager.signUpWithEmail(
        email: SessionRotationTests.email, password: SessionRotationTests.password)
      #expect(outcome.isSignedIn)
      await run.exit()
    }

    /// `kiln whoami`: one run that confirms the account with the server and exits.
    func whoami() async -> AccountConfirmation {
      let run = run()
      let confirmation = await run.manager.confirmAccount()
      await run.exit()
      return confirmation
    }

    /// Runs that start together, each asking for a token at once, then exiting.
    func parallelRuns(_ count: Int) async -> [String?] {
      let runs = (0..<count).map { _ in run() }
      let tokens = await withTaskGroup(of: String?.self) { group in
        for run in runs {
          group.addTask { try? await run.manager.validAccessToken() }
        }
        var tokens: [String?] = []
        for await token in group { tokens.append(token) }
        return tokens
      }
      for run in runs { await run.exit() }
      return tokens
    }

    func tearDown() {
      server.stop()
      directory.remove()
    }
  }

  @Test func aWhoamiTwelveSecondsAfterSignUpFindsTheSessionAlive() async throws {
    let world = try World()
    defer { world.tearDown() }
    try await world.signUp()
    await world.clock.advance(by: .seconds(12))
    let confirmation = await world.whoami()
    guard case .confirmed(let user) = confirmation else {
      Issue.record("whoami said \(confirmation)")
      return
    }
    #expect(user.email == Self.email)
    #expect(world.gotrue.lateReuses == [])
    #expect(world.gotrue.refreshGrantCount == 0, "a 30 s token is not due 12 s in")
    #expect(
      try world.storedSession?.refreshToken == world.gotrue.currentRefreshToken(for: Self.email))
  }

  @Test func parallelRunsWithADueTokenRefreshOnceAndAgreeOnTheSession() async throws {
    let world = try World()
    defer { world.tearDown() }
    try await world.signUp()
    // 20 s in, the token has 10 s left: inside the 15 s margin, so every run renews first.
    await world.clock.advance(by: .seconds(20))
    let tokens = await world.parallelRuns(4)
    #expect(tokens.allSatisfy { $0 != nil })
    #expect(Set(tokens).count == 1, "every run uses the one renewed session")
    #expect(world.gotrue.refreshGrantCount == 1, "the others adopted the saved renewal")
    #expect(world.gotrue.lateReuses == [])
    let stored = try #require(try world.storedSession)
    #expect(stored.refreshToken == world.gotrue.currentRefreshToken(for: Self.email))
    #expect(tokens.first == stored.accessToken)
  }

  @Test func aDayOfShortRunsParallelRunsAndOpenChatsNeverSignsOut() async throws {
    let world = try World()
    defer { world.tearDown() }
    try await world.signUp()
    // Gaps between runs, in seconds: inside and outside the reuse interval, the margin and
    // the token's lifetime, and long idle spells.
    let gaps = [12, 1, 29, 31, 5, 45, 14, 300, 11, 3600, 16, 20, 9, 600]
    var elapsed = 0
    var index = 0
    var chat: ProcessRun?
    var chatEnds = 0
    var runs = 0
    while elapsed < 86_400, world.gotrue.lateReuses.isEmpty {
      let gap = gaps[index % gaps.count]
      await world.clock.advance(by: .seconds(gap))
      elapsed += gap
      if chat == nil, index % 11 == 3 {
        // A chat stays open across the next few runs and keeps its session alive itself.
        let opened = world.run()
        await opened.manager.start()
        chat = opened
        chatEnds = index + 4
      }
      switch index % 4 {
      case 0:
        let confirmation = await world.whoami()
        if case .confirmed = confirmation {
        } else {
          Issue.record("run \(runs) at \(elapsed) s: whoami said \(confirmation)")
        }
        runs += 1
      case 1:
        let tokens = await world.parallelRuns(3)
        #expect(tokens.allSatisfy { $0 != nil }, "parallel runs at \(elapsed) s")
        runs += 3
      case 2:
        let run = world.run()
        let token = try? await run.manager.validAccessToken()
        #expect(token != nil, "a run asking for a token at \(elapsed) s")
        await run.exit()
        runs += 1
      default:
        // A command that needs no token (chats, show, export…): it just starts and exits.
        await world.run().exit()
        runs += 1
      }
      if let open = chat, index >= chatEnds {
        let token = try? await open.manager.validAccessToken()
        #expect(token != nil, "the chat's token at \(elapsed) s")
        await open.exit()
        chat = nil
      }
      index += 1
    }
    if let chat { await chat.exit() }
    #expect(world.gotrue.lateReuses == [])
    #expect(elapsed >= 86_400)
    #expect(runs > 300)
    let last = await world.whoami()
    #expect(last.user?.email == Self.email)
    if case .confirmed = last {} else { Issue.record("the last whoami said \(last)") }
    #expect(
      try world.storedSession?.refreshToken == world.gotrue.currentRefreshToken(for: Self.email))
  }
}
