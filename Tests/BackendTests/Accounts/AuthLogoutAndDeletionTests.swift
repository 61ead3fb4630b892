import Backend
import Foundation
import JOSE
import Testing

@Suite struct AuthLogoutAndDeletionTests {
  /// Three sessions of one user: the one that logs out, and two others.
  func threeSessions(_ harness: AuthHarness) async throws -> [String] {
    var tokens = [try #require(try await harness.signUp().string["access_token"])]
    for _ in 0..<2 {
      tokens.append(try #require(try await harness.signIn().string["access_token"]))
    }
    return tokens
  }

  func statuses(_ harness: AuthHarness, _ tokens: [String]) async throws -> [Int] {
    var result: [Int] = []
    for token in tokens { result.append(try await harness.user(token).status) }
    return result
  }

  @Test(arguments: [
    (Optional<String>.none, [403, 403, 403]), ("global", [403, 403, 403]),
    ("local", [403, 200, 200]), ("others", [200, 403, 403]),
  ])
  func logoutEndsTheSessionsItsScopeNames(scope: String?, expected: [Int]) async throws {
    let harness = AuthHarness()
    let tokens = try await threeSessions(harness)
    let answer = try await harness.send(
      "POST", "/auth/v1/logout", query: scope.map { [("scope", $0)] } ?? [], bearer: tokens[0])
    #expect(answer.status == 204)
    #expect(answer.body.isEmpty)
    #expect(try await statuses(harness, tokens) == expected)
  }

  @Test func anUnknownLogoutScopeIsRefusedAndEndsNothing() async throws {
    let harness = AuthHarness()
    let tokens = try await threeSessions(harness)
    let answer = try await harness.send(
      "POST", "/auth/v1/logout", query: [("scope", "everyone")], bearer: tokens[0])
    #expect(answer.status == 400)
    #expect(answer["error_code"] == .string("validation_failed"))
    #expect(try await statuses(harness, tokens) == [200, 200, 200])
  }

  @Test func aRefreshTokenOfAnEndedSessionIsNotFound() async throws {
    let harness = AuthHarness()
    let signUp = try await harness.signUp()
    let access = try #require(signUp.string["access_token"])
    _ = try await harness.send("POST", "/auth/v1/logout", bearer: access)
    let answer = try await harness.refresh(try #require(signUp.string["refresh_token"]))
    #expect(answer["error_code"] == .string("refresh_token_not_found"))
  }

  @Test func deleteAccountErasesTheUserEverywhereAndASecondCallIsNotAServerError()
    async throws
  {
    let harness = AuthHarness()
    let signUp = try await harness.signUp()
    let access = try #require(signUp.string["access_token"])
    let userID = try #require(signUp["user"]?["id"]?.stringValue)
    _ = try await harness.signIn()
    let answer = try await harness.send(
      "POST", "/functions/v1/delete-account", json: "{}", bearer: access, apikey: "")
    #expect(answer.status == 200)
    #expect(answer["deleted"] == .bool(true))
    // Once before the account goes, once after it (for what requests in flight wrote).
    #expect(harness.hook.erased == [userID, userID])
    #expect(harness.hook.accountExisted == [true, false])
    #expect(try await harness.store.user(email: "ada@example.com") == nil)
    #expect(await harness.store.sessionCount == 0)
    #expect(await harness.store.refreshTokenCount == 0)
    let again = try await harness.send(
      "POST", "/functions/v1/delete-account", json: "{}", bearer: access, apikey: "")
    #expect([401, 404].contains(again.status))
    #expect(try await harness.signIn().status == 400)
    #expect(
      try await harness.refresh(try #require(signUp.string["refresh_token"]))["error_code"]
        == .string("refresh_token_not_found"))
  }

  @Test func aFailureOfTheSecondErasureStillDeletesTheAccount() async throws {
    let harness = AuthHarness()
    let signUp = try await harness.signUp()
    let access = try #require(signUp.string["access_token"])
    let userID = try #require(signUp["user"]?["id"]?.stringValue)
    harness.hook.failCall(number: 2)
    let answer = try await harness.send(
      "POST", "/functions/v1/delete-account", json: "{}", bearer: access, apikey: "")
    #expect(answer.status == 200)
    #expect(answer["deleted"] == .bool(true))
    #expect(harness.hook.erased == [userID])
    #expect(try await harness.store.user(email: "ada@example.com") == nil)
  }

  @Test func deleteAccountWithoutAValidTokenIs401() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    let none = try await harness.send("POST", "/functions/v1/delete-account", apikey: "")
    #expect(none.status == 401)
    let forged = try await harness.send(
      "POST", "/functions/v1/delete-account", bearer: "a.b.c", apikey: "")
    #expect(forged.status == 401)
    #expect(try await harness.store.user(email: "ada@example.com") != nil)
    #expect(harness.hook.erased.isEmpty)
  }

  @Test func whenErasingFailsTheAccountStaysAndTheCallCanBeRepeated() async throws {
    let harness = AuthHarness()
    let access = try #require(try await harness.signUp().string["access_token"])
    harness.hook.failNextCalls(true)
    let failed = try await harness.send(
      "POST", "/functions/v1/delete-account", bearer: access, apikey: "")
    #expect(failed.status == 503)
    #expect(try await harness.store.user(email: "ada@example.com") != nil)
    harness.hook.failNextCalls(false)
    let retried = try await harness.send(
      "POST", "/functions/v1/delete-account", bearer: access, apikey: "")
    #expect(retried.status == 200)
  }
}
