import Backend
import Foundation
import JOSE
import Testing

@Suite struct AuthUserRouteTests {
  func signedUp(_ harness: AuthHarness) async throws -> (access: String, refresh: String) {
    let answer = try await harness.signUp()
    return (
      try #require(answer.string["access_token"]), try #require(answer.string["refresh_token"])
    )
  }

  @Test func getUserAnswersTheAccount() async throws {
    let harness = AuthHarness()
    let tokens = try await signedUp(harness)
    let answer = try await harness.user(tokens.access)
    #expect(answer.status == 200)
    #expect(answer["email"] == .string("ada@example.com"))
    #expect(answer["id"]?.stringValue.flatMap(UUID.init(uuidString:)) != nil)
  }

  @Test func aRequestWithoutABearerTokenIsNoAuthorization() async throws {
    let harness = AuthHarness()
    let answer = try await harness.send("GET", "/auth/v1/user")
    #expect(answer.status == 401)
    #expect(answer["error_code"] == .string("no_authorization"))
  }

  @Test func aTamperedTokenIsBadJWT() async throws {
    let harness = AuthHarness()
    let tokens = try await signedUp(harness)
    var parts = tokens.access.split(separator: ".").map(String.init)
    let forgedPayload = try #require(Base64URL.decode(parts[1])).map { $0 }
    var text = String(decoding: forgedPayload, as: UTF8.self)
    text = text.replacingOccurrences(of: "ada@example.com", with: "eve@example.com")
    parts[1] = Base64URL.encode(Array(text.utf8))
    let answer = try await harness.user(parts.joined(separator: "."))
    #expect(answer.status == 403)
    #expect(answer["error_code"] == .string("bad_jwt"))
  }

  @Test func anExpiredTokenIsBadJWTAndARefreshMendsIt() async throws {
    let harness = AuthHarness()
    let tokens = try await signedUp(harness)
    await harness.clock.advance(by: .seconds(3600 + 31))
    let answer = try await harness.user(tokens.access)
    #expect(answer.status == 403)
    #expect(answer["error_code"] == .string("bad_jwt"))
    let refreshed = try await harness.refresh(tokens.refresh)
    #expect(try await harness.user(try #require(refreshed.string["access_token"])).status == 200)
  }

  @Test(arguments: ["", "not-the-key"])
  func authRoutesRequireTheProjectsAPIKey(apikey: String) async throws {
    let harness = AuthHarness()
    let answer = try await harness.send("GET", "/auth/v1/settings", apikey: apikey)
    #expect(answer.status == 401)
    #expect(answer["error_code"] == .string("no_api_key"))
    let signUp = try await harness.send(
      "POST", "/auth/v1/signup", json: #"{"email":"ada@example.com","password":"correct horse"}"#,
      apikey: apikey)
    #expect(signUp.status == 401)
    #expect(try await harness.store.user(email: "ada@example.com") == nil)
  }

  @Test func theServiceRoleKeyIsAnAPIKeyToo() async throws {
    let harness = AuthHarness()
    let key = try await harness.service.keyring.apiKeys().serviceRoleKey
    #expect(try await harness.send("GET", "/auth/v1/settings", apikey: key).status == 200)
  }

  @Test func settingsSayEmailSignUpIsOnAndConfirmedAutomatically() async throws {
    let answer = try await AuthHarness().send("GET", "/auth/v1/settings")
    #expect(answer.status == 200)
    #expect(answer["external"]?["email"] == .bool(true))
    #expect(answer["disable_signup"] == .bool(false))
    #expect(answer["mailer_autoconfirm"] == .bool(true))
  }

  @Test func unknownRoutesAndMethodsAreRefused() async throws {
    let harness = AuthHarness()
    #expect(try await harness.send("GET", "/auth/v1/nothing").status == 404)
    #expect(try await harness.send("DELETE", "/auth/v1/user").status == 405)
    #expect(AuthService.handles(path: "/auth/v1/user"))
    #expect(AuthService.handles(path: "/functions/v1/delete-account"))
    #expect(!AuthService.handles(path: "/functions/v1/ai"))
  }

  @Test func putUserMergesMetadataAndDropsNullMembers() async throws {
    let harness = AuthHarness()
    let access = try #require(
      try await harness.signUp(data: #"{"full_name":"Ada","theme":"dark"}"#).string["access_token"])
    let answer = try await harness.send(
      "PUT", "/auth/v1/user", json: #"{"data":{"theme":null,"plan":"pro"}}"#, bearer: access)
    #expect(answer.status == 200)
    #expect(
      answer["user_metadata"]
        == .object(["full_name": .string("Ada"), "plan": .string("pro")]))
    #expect(try await harness.user(access)["user_metadata"]?["plan"] == .string("pro"))
  }

  @Test func changingThePasswordEndsTheOtherSessionsOnly() async throws {
    let harness = AuthHarness()
    let here = try await signedUp(harness)
    let elsewhere = try await harness.signIn()
    let answer = try await harness.send(
      "PUT", "/auth/v1/user", json: #"{"password":"a new long password"}"#, bearer: here.access)
    #expect(answer.status == 200)
    #expect(try await harness.user(here.access).status == 200)
    let other = try await harness.user(try #require(elsewhere.string["access_token"]))
    #expect(other["error_code"] == .string("session_not_found"))
    #expect(try await harness.signIn().status == 400)
    #expect(try await harness.signIn(password: "a new long password").status == 200)
  }

  @Test func aNewPasswordMustBeStrongAndDifferent() async throws {
    let harness = AuthHarness()
    let tokens = try await signedUp(harness)
    let weak = try await harness.send(
      "PUT", "/auth/v1/user", json: #"{"password":"short"}"#, bearer: tokens.access)
    #expect(weak.status == 422)
    #expect(weak["error_code"] == .string("weak_password"))
    let same = try await harness.send(
      "PUT", "/auth/v1/user", json: #"{"password":"correct horse"}"#, bearer: tokens.access)
    #expect(same.status == 422)
    #expect(same["error_code"] == .string("same_password"))
  }

  @Test func changingTheEmailToATakenAddressIsRefused() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp("bob@example.com")
    let tokens = try await signedUp(harness)
    let taken = try await harness.send(
      "PUT", "/auth/v1/user", json: #"{"email":" BOB@example.com"}"#, bearer: tokens.access)
    #expect(taken.status == 422)
    #expect(taken["error_code"] == .string("email_exists"))
    let moved = try await harness.send(
      "PUT", "/auth/v1/user", json: #"{"email":"Ada.L@Example.com"}"#, bearer: tokens.access)
    #expect(moved["email"] == .string("ada.l@example.com"))
  }

  @Test func refusalsNeverEchoThePasswordOrTheToken() async throws {
    let harness = AuthHarness()
    let tokens = try await signedUp(harness)
    let wrong = try await harness.signIn(password: "hunter2-secret-guess")
    let forged = try await harness.user(tokens.access + "x")
    let weak = try await harness.signUp("bob@example.com", password: "pw-7Hq")
    for answer in [wrong, forged, weak] {
      let text = String(decoding: answer.body, as: UTF8.self)
      #expect(answer.status >= 400)
      #expect(!text.contains("hunter2-secret-guess"))
      #expect(!text.contains("pw-7Hq"))
      #expect(!text.contains(tokens.access))
    }
  }
}
