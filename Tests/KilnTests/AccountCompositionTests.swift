import AppComposition
import Auth
import Foundation
import Storage
import TestSupport
import Testing

/// The composition root's part in keeping a session: which runs keep it alive, and that
/// `shutdown()` stops that. Real app dependencies over a test home, real accounts against a
/// loopback GoTrue with 30 s tokens, and one manual clock for the app and the server.
@MainActor
@Suite struct AccountCompositionTests {
  @Test func aChatKeepsItsSessionAliveUntilShutdownAndAShortRunNever() async throws {
    let home = try ChatTestHome()
    let server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
    defer { server.stop() }
    let clock = ManualClock()
    let gotrue = RotatingGoTrue(server: server, now: { clock.now })
    let extra = [
      "AUTH_BYPASS": "0", "SUPABASE_URL": server.baseURL.absoluteString,
      "SUPABASE_ANON_KEY": "anon-key-4Rt8Yq",
    ]
    func dependencies() throws -> AppDependencies {
      let environment = AppEnvironment(
        variables: home.environment(extra), isDevelopmentBuild: true, clock: clock.appClock)
      return try AppDependencies.live(
        configuration: try environment.loadConfiguration(), environment: environment)
    }
    let store = SecureStoreSessionStore(
      secureStore: FileSecureStore(directory: home.dataDirectory))

    // `kiln signup`, a short run: nothing is scheduled, so nothing outlives it.
    let signup = try dependencies()
    await signup.start(keepsSessionAlive: false)
    _ = try await signup.auth.signUpWithEmail(email: "alice@example.com", password: "pw-7Hq")
    await signup.shutdown()
    await clock.advance(by: .seconds(20))
    #expect(gotrue.refreshGrantCount == 0)

    // The chat renews the token that is due at launch, then keeps renewing it.
    let chat = try dependencies()
    await chat.start()
    #expect(gotrue.refreshGrantCount == 1)
    #expect(await clock.waitForSleepers(1), "the next renewal is scheduled")
    await chat.shutdown()
    #expect(clock.sleeperCount == 0, "shutdown cancelled the scheduled renewal")
    await clock.advance(by: .seconds(3600))
    #expect(gotrue.refreshGrantCount == 1)
    #expect(try store.load()?.refreshToken == gotrue.currentRefreshToken(for: "alice@example.com"))
    #expect(gotrue.lateReuses == [])
  }
}
