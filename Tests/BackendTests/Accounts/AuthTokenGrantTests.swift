import Backend
import Foundation
import JOSE
import Testing

@Suite struct AuthTokenGrantTests {
  @Test func thePasswordGrantAnswersASessionAndRecordsTheSignIn() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    await harness.clock.advance(by: .seconds(60))
    let answer = try await harness.signIn()
    #expect(answer.status == 200)
    #expect(answer["expires_at"] == .number(1_800_003_660))
    #expect(
      answer["user"]?["last_sign_in_at"]?.stringValue?.hasPrefix("2027-01-15T08:01:00") == true)
    #expect(try await harness.user(try #require(answer.string["access_token"])).status == 200)
  }

  @Test(arguments: [("ada@example.com", "wrong password"), ("nobody@example.com", "correct horse")])
  func aWrongPasswordOrUnknownAddressAreTheSameInvalidCredentials(
    email: String, password: String
  ) async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    let answer = try await harness.signIn(email, password: password)
    #expect(answer.status == 400)
    #expect(answer["error_code"] == .string("invalid_credentials"))
    #expect(answer.string["msg"] == "Invalid login credentials")
  }

  @Test func anUnconfirmedAddressCannotSignIn() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    var user = try #require(try await harness.store.user(email: "ada@example.com"))
    user.confirmedAt = nil
    _ = try await harness.store.updateUser(user, endingSessions: nil)
    let answer = try await harness.signIn()
    #expect(answer.status == 400)
    #expect(answer["error_code"] == .string("email_not_confirmed"))
  }

  @Test func anUnknownGrantTypeIsAValidationFailure() async throws {
    let harness = AuthHarness()
    let answer = try await harness.send(
      "POST", "/auth/v1/token", query: [("grant_type", "id_token")], json: "{}")
    #expect(answer.status == 400)
    #expect(answer["error_code"] == .string("validation_failed"))
  }

  @Test func aRefreshRotatesTheTokenAndKeepsTheSession() async throws {
    let harness = AuthHarness()
    let first = try await harness.signUp()
    let firstToken = try #require(first.string["refresh_token"])
    await harness.clock.advance(by: .seconds(100))
    let second = try await harness.refresh(firstToken)
    #expect(second.status == 200)
    let secondToken = try #require(second.string["refresh_token"])
    #expect(secondToken != firstToken)
    #expect(second["expires_at"] == .number(1_800_003_700))
    #expect(second["user"]?["email"] == .string("ada@example.com"))
    let claims = try await harness.proxyVerifier().verify(
      try #require(second.string["access_token"]))
    let firstClaims = try await harness.proxyVerifier().verify(
      try #require(first.string["access_token"]))
    guard case .user(_, let rotated) = claims, case .user(_, let original) = firstClaims else {
      Issue.record("expected user principals")
      return
    }
    #expect(rotated.sessionID == original.sessionID)
    // Rotated again, the new token works once more.
    await harness.clock.advance(by: .seconds(100))
    #expect(try await harness.refresh(secondToken).status == 200)
  }

  @Test func reusingTheParentWithinTheIntervalAnswersTheCurrentChild() async throws {
    let harness = AuthHarness()
    let parent = try #require(try await harness.signUp().string["refresh_token"])
    let child = try #require(try await harness.refresh(parent).string["refresh_token"])
    await harness.clock.advance(by: .seconds(10))
    let again = try await harness.refresh(parent)
    #expect(again.status == 200)
    #expect(again.string["refresh_token"] == child)
    #expect(try await harness.refresh(child).status == 200)
  }

  @Test func reusingTheParentAfterTheIntervalEndsTheWholeSession() async throws {
    let harness = AuthHarness()
    let signUp = try await harness.signUp()
    let parent = try #require(signUp.string["refresh_token"])
    let childAnswer = try await harness.refresh(parent)
    let child = try #require(childAnswer.string["refresh_token"])
    await harness.clock.advance(by: .seconds(11))
    let late = try await harness.refresh(parent)
    #expect(late.status == 400)
    #expect(late["error_code"] == .string("refresh_token_already_used"))
    #expect(late.string["msg"] == "Invalid Refresh Token: Already Used")
    // The family is gone: the child no longer refreshes and the access token lost its session.
    #expect(try await harness.refresh(child)["error_code"] == .string("refresh_token_not_found"))
    let user = try await harness.user(try #require(childAnswer.string["access_token"]))
    #expect(user.status == 403)
    #expect(user["error_code"] == .string("session_not_found"))
  }

  @Test func parallelRefreshesOfOneTokenAllGetTheSameSingleChild() async throws {
    let harness = AuthHarness()
    let parent = try #require(try await harness.signUp().string["refresh_token"])
    let answers = try await withThrowingTaskGroup(of: AuthHarness.Answer.self) { group in
      for _ in 0..<8 { group.addTask { try await harness.refresh(parent) } }
      var all: [AuthHarness.Answer] = []
      for try await answer in group { all.append(answer) }
      return all
    }
    #expect(answers.allSatisfy { $0.status == 200 })
    #expect(Set(answers.compactMap { $0.string["refresh_token"] }).count == 1)
    #expect(await harness.store.refreshTokenCount == 2)
  }

  @Test func theReuseIntervalIsConfigurable() async throws {
    let harness = AuthHarness { $0.refreshReuseInterval = 0 }
    let parent = try #require(try await harness.signUp().string["refresh_token"])
    _ = try await harness.refresh(parent)
    await harness.clock.advance(by: .milliseconds(1))
    #expect(
      try await harness.refresh(parent)["error_code"] == .string("refresh_token_already_used"))
  }

  @Test func anUnknownRefreshTokenIsNotFound() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    let answer = try await harness.refresh("not-a-token-this-server-issued")
    #expect(answer.status == 400)
    #expect(answer["error_code"] == .string("refresh_token_not_found"))
    let missing = try await harness.send(
      "POST", "/auth/v1/token", query: [("grant_type", "refresh_token")], json: "{}")
    #expect(missing["error_code"] == .string("validation_failed"))
  }

  @Test func refreshTokensAreStoredOnlyAsHashes() async throws {
    let harness = AuthHarness()
    let token = try #require(try await harness.signUp().string["refresh_token"])
    let rotated = try await harness.store.rotateRefreshToken(
      presentedHash: try Digest.sha256(Array(token.utf8)), childHash: [0], now: harness.clock.now,
      reuseInterval: 0)
    guard case .rotated = rotated else {
      Issue.record("the SHA-256 of the token is not what the store keeps: \(rotated)")
      return
    }
  }

  @Test func aStoreThatCannotAnswerGives503() async throws {
    let harness = AuthHarness()
    let token = try #require(try await harness.signUp().string["refresh_token"])
    await harness.store.failEveryCall(with: .unavailable("down"))
    let answer = try await harness.refresh(token)
    #expect(answer.status == 503)
  }
}
