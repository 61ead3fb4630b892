import Auth
import Core
import Foundation
import TestSupport
import Testing

@Suite struct SessionManagerLoggingTests {
  /// Runs sign-in, a transient and a successful refresh, a sign-out and a terminal refresh
  /// with debug logging, then looks for every secret in every line.
  @Test func noTokenPasswordOrAddressReachesTheLog() async throws {
    let harness = Harness()
    let clock = harness.clock
    let attempts = Gate()
    attempts.open()
    harness.api.update {
      $0.signIn = { _, _ in Sessions.make("one", now: clock.now) }
      $0.refresh = { _ in
        await attempts.wait()
        if attempts.arrivals == 1 { throw Sessions.offline }
        if attempts.arrivals == 2 { return Sessions.make("two", now: clock.now) }
        throw Sessions.server(400, .refreshTokenNotFound, "Invalid Refresh Token")
      }
      $0.logout = { _, _ in throw Sessions.server(401, .badJWT) }
    }
    let manager = harness.manager
    _ = try await manager.signInWithEmail(email: "alice@example.com", password: "hunter2-pw")
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(3540))
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .milliseconds(500))
    #expect(await eventually { harness.store.stored?.accessToken == "access-two-Q9x7Lm2" })
    await #expect(throws: AuthError.sessionExpired) {
      _ = try await manager.renewAccessToken(rejected: "access-two-Q9x7Lm2")
    }
    _ = try await manager.signInWithEmail(email: "alice@example.com", password: "hunter2-pw")
    try await manager.signOut()

    let text = harness.sink.text
    #expect(harness.sink.records.count >= 6)
    let secrets = [
      "access-one-Q9x7Lm2", "refresh-one-Zr4Kp8w", "access-two-Q9x7Lm2", "refresh-two-Zr4Kp8w",
      "hunter2-pw", "alice@example.com",
    ]
    for secret in secrets {
      #expect(!text.contains(secret), "the log contains \(secret)")
    }
  }
}
