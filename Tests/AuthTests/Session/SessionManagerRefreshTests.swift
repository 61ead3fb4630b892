import Auth
import Core
import Foundation
import TestSupport
import Testing

@Suite struct SessionManagerRefreshTests {
  @Test func aHundredConcurrentTokenRequestsWithAnExpiredTokenCauseOneRefresh() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -600))
    let gate = Gate()
    let clock = harness.clock
    harness.api.update {
      $0.refresh = { _ in
        await gate.wait()
        return Sessions.make("two", now: clock.now)
      }
    }
    let manager = harness.manager
    let tokens = await withTaskGroup(of: String?.self) { group in
      for _ in 0..<100 {
        group.addTask { try? await manager.validAccessToken() }
      }
      await gate.waitForArrivals(1)
      await Task.megaYield(count: 200)
      gate.open()
      var tokens: [String?] = []
      for await token in group { tokens.append(token) }
      return tokens
    }
    #expect(tokens.count == 100)
    #expect(tokens.allSatisfy { $0 == "access-two-Q9x7Lm2" })
    #expect(harness.api.refreshCount == 1)
    #expect(harness.store.saveCount == 1)
  }

  @Test func transientFailuresAreTriedThreeTimesInTotalAndKeepTheSession() async {
    let stored = Sessions.make("one", expiresIn: -60)
    let harness = Harness(stored: stored)
    harness.api.update { $0.refresh = { _ in throw Sessions.offline } }
    let clock = harness.clock
    let manager = harness.manager
    let refresh = Task { try await manager.refreshIfNeeded() }
    #expect(await clock.waitForSleepers(1))
    #expect(clock.pendingDeadlines == [clock.now.addingTimeInterval(0.5)])
    #expect(harness.api.refreshCount == 1)
    await clock.advance(by: .milliseconds(500))
    #expect(await clock.waitForSleepers(1))
    #expect(clock.pendingDeadlines == [clock.now.addingTimeInterval(1)])
    #expect(harness.api.refreshCount == 2)
    await clock.advance(by: .seconds(1))
    let result = await refresh.result
    #expect(throws: AppError.network(code: -1009, message: "Offline")) { try result.get() }
    #expect(harness.api.refreshCount == 3)
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    #expect(harness.store.stored == stored)
    #expect(harness.store.clearCount == 0)
  }

  @Test(arguments: [500, 502, 503, 504, 520])
  func serverFailuresNeverSignOut(status: Int) async {
    let stored = Sessions.make("one", expiresIn: -60)
    let harness = Harness(stored: stored)
    harness.api.update { $0.refresh = { _ in throw Sessions.server(status, nil, "down") } }
    let manager = harness.manager
    let refresh = Task { try await manager.refreshIfNeeded() }
    for step in [Duration.milliseconds(500), .seconds(1)] {
      #expect(await harness.clock.waitForSleepers(1))
      await harness.clock.advance(by: step)
    }
    #expect((await refresh.result).isFailure)
    #expect(harness.api.refreshCount == 3)
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    #expect(harness.store.stored == stored)
  }

  @Test func aTransientFailureThenSuccessRenews() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    let clock = harness.clock
    let attempts = Gate()
    harness.api.update {
      $0.refresh = { _ in
        await attempts.wait()
        if attempts.arrivals == 1 { throw Sessions.server(503, nil) }
        return Sessions.make("two", now: clock.now)
      }
    }
    attempts.open()
    let manager = harness.manager
    let token = Task { try await manager.validAccessToken() }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .milliseconds(500))
    #expect(try await token.value == "access-two-Q9x7Lm2")
    #expect(harness.api.refreshCount == 2)
  }

  @Test(arguments: [
    Sessions.server(400, .refreshTokenNotFound, "Invalid Refresh Token: Refresh Token Not Found"),
    Sessions.server(400, .refreshTokenAlreadyUsed, "Invalid Refresh Token: Already Used"),
    Sessions.server(400, .sessionNotFound, "Session not found"),
    Sessions.server(400, .sessionExpired, "Session Expired (Inactivity)"),
    Sessions.server(400, .validationFailed, "Refresh token is not valid"),
    AuthError.server(
      GoTrueError.decode(
        status: 400,
        body: Data(#"{"error":"invalid_grant","error_description":"Invalid Refresh Token"}"#.utf8))),
  ])
  func terminalAnswersSignOutAndClearTheStoreWithoutRetrying(error: AuthError) async {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    harness.api.update { $0.refresh = { _ in throw error } }
    let recorder = StateRecorder(harness.manager.authStates())
    await #expect(throws: AuthError.sessionExpired) { try await harness.manager.refreshIfNeeded() }
    #expect(harness.api.refreshCount == 1)
    #expect(harness.manager.state == .unauthenticated)
    #expect(harness.store.record == nil)
    #expect(await recorder.waitForCount(2))
    #expect(recorder.all == [.refreshing, .unauthenticated])
  }

  @Test func anAnswerThatIsNeitherTerminalNorTransientKeepsTheSessionWithoutRetrying() async {
    let stored = Sessions.make("one", expiresIn: -60)
    let harness = Harness(stored: stored)
    harness.api.update { $0.refresh = { _ in throw AuthError.invalidResponse("no tokens") } }
    await #expect(throws: AuthError.invalidResponse("no tokens")) {
      try await harness.manager.refreshIfNeeded()
    }
    #expect(harness.api.refreshCount == 1)
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    #expect(harness.store.stored == stored)
  }

  @Test func aLongRetryAfterEndsTheTriesButKeepsTheSession() async {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    harness.api.update {
      $0.refresh = { _ in throw Sessions.server(429, .overRequestRateLimit, retryAfter: 120) }
    }
    await #expect(throws: AuthError.self) { try await harness.manager.refreshIfNeeded() }
    #expect(harness.api.refreshCount == 1)
    #expect(harness.manager.state == .authenticated(Sessions.alice))
  }

  @Test func theRotatedSessionIsStoredBeforeItIsPublished() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    let manager = harness.manager
    let stateAtSave = Recorded<AuthState>()
    harness.store.onSave { _ in stateAtSave.append(manager.state) }
    let clock = harness.clock
    harness.api.update { $0.refresh = { _ in Sessions.make("two", now: clock.now) } }
    try await manager.refreshIfNeeded()
    #expect(stateAtSave.all == [.refreshing])
    #expect(manager.state == .authenticated(Sessions.alice))
  }

  @Test func aCancelledCallerNeverLosesTheSession() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    let gate = Gate()
    let clock = harness.clock
    harness.api.update {
      $0.refresh = { _ in
        await gate.wait()
        // Like a real HTTP client: a cancelled refresh task would fail here.
        try Task.checkCancellation()
        return Sessions.make("two", now: clock.now)
      }
    }
    let manager = harness.manager
    let caller = Task { try await manager.validAccessToken() }
    await gate.waitForArrivals(1)
    caller.cancel()
    gate.open()
    _ = await caller.result
    #expect(await eventually { harness.store.stored?.accessToken == "access-two-Q9x7Lm2" })
    #expect(manager.state == .authenticated(Sessions.alice))
    #expect(try await manager.validAccessToken() == "access-two-Q9x7Lm2")
    #expect(harness.api.refreshCount == 1)
  }

  @Test func aCancellationFromBelowIsRetriedNotTreatedAsSignOut() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    let clock = harness.clock
    let attempts = Gate()
    attempts.open()
    harness.api.update {
      $0.refresh = { _ in
        await attempts.wait()
        if attempts.arrivals == 1 { throw CancellationError() }
        return Sessions.make("two", now: clock.now)
      }
    }
    let manager = harness.manager
    let token = Task { try await manager.validAccessToken() }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .milliseconds(500))
    #expect(try await token.value == "access-two-Q9x7Lm2")
  }

  @Test func aTokenNotYetExpiredIsStillHandedOutWhenRenewingItFails() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: 30))
    harness.api.update { $0.refresh = { _ in throw Sessions.server(429, nil, retryAfter: 300) } }
    #expect(try await harness.manager.validAccessToken() == "access-one-Q9x7Lm2")
    #expect(harness.manager.state == .authenticated(Sessions.alice))
  }

  @Test func anExpiredTokenIsNotHandedOutWhenRenewingItFails() async {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -1))
    harness.api.update { $0.refresh = { _ in throw Sessions.server(429, nil, retryAfter: 300) } }
    await #expect(throws: AuthError.self) { try await harness.manager.validAccessToken() }
    #expect(harness.manager.state == .authenticated(Sessions.alice))
  }

  @Test func nothingIsRefreshedWhenTheTokenIsFreshOrNobodyIsSignedIn() async throws {
    try await Harness().manager.refreshIfNeeded()
    #expect(try await Harness().manager.validAccessToken() == nil)
    let harness = Harness(stored: Sessions.make("one", expiresIn: 61))
    try await harness.manager.refreshIfNeeded()
    #expect(try await harness.manager.validAccessToken() == "access-one-Q9x7Lm2")
    #expect(harness.api.calls.isEmpty)
  }

  @Test func aRejectedTokenIsRenewedOnlyIfItIsStillCurrent() async throws {
    let harness = Harness(stored: Sessions.make("one"))
    let clock = harness.clock
    harness.api.update { $0.refresh = { _ in Sessions.make("two", now: clock.now) } }
    let manager = harness.manager
    #expect(
      try await manager.renewAccessToken(rejected: "access-one-Q9x7Lm2") == "access-two-Q9x7Lm2")
    #expect(
      try await manager.renewAccessToken(rejected: "access-one-Q9x7Lm2") == "access-two-Q9x7Lm2")
    #expect(harness.api.refreshCount == 1)
  }

  @Test func aSessionRenewedByAnotherProcessIsAdoptedWithoutACall() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    try harness.store.replace(with: harness.renewed("other"))
    #expect(try await harness.manager.validAccessToken() == "access-other-Q9x7Lm2")
    #expect(harness.api.calls.isEmpty)
    #expect(harness.manager.state == .authenticated(Sessions.alice))
  }

  @Test func alreadyUsedIsNotTheEndWhenAnotherProcessStoredTheSuccessor() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    let store = harness.store
    let successor = harness.renewed("other")
    harness.api.update {
      $0.refresh = { _ in
        try store.replace(with: successor)
        throw Sessions.server(400, .refreshTokenAlreadyUsed, "Invalid Refresh Token: Already Used")
      }
    }
    #expect(try await harness.manager.validAccessToken() == "access-other-Q9x7Lm2")
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    #expect(store.stored == successor)
  }
}

extension Result {
  fileprivate var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}
