import Backend
import Foundation
import JOSE
import Testing

/// `POST /recover` and `POST /verify`: mailed single-use tokens, answered as GoTrue does.
@Suite struct AuthRecoveryTests {
  func recover(_ harness: AuthHarness, _ email: String) async throws -> AuthHarness.Answer {
    try await harness.send(
      "POST", "/auth/v1/recover", json: "{\"email\":\(JSONText.quoted(email))}")
  }

  func verify(
    _ harness: AuthHarness, token: String, type: String = "recovery", email: String? = nil
  ) async throws -> AuthHarness.Answer {
    let emailMember = email.map { ",\"email\":\(JSONText.quoted($0))" } ?? ""
    return try await harness.send(
      "POST", "/auth/v1/verify",
      json: "{\"type\":\(JSONText.quoted(type)),\"token\":\(JSONText.quoted(token))\(emailMember)}")
  }

  @Test func recoveryMailsALinkWhoseTokenSignsInOnceAndLetsThePasswordChange() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    let answer = try await recover(harness, " Ada@Example.com ")
    #expect(answer.status == 200)
    #expect(answer.json.isEmpty)
    let message = try #require(harness.mailer.sent.first)
    #expect(harness.mailer.sent.count == 1)
    #expect(message.recipient == "ada@example.com")
    #expect(message.kind == .recovery)
    let token = try #require(harness.mailer.lastToken)
    #expect(message.link == "http://localhost:54321/auth/v1/verify?token=\(token)&type=recovery")
    #expect(message.text.contains(message.link))

    let session = try await verify(harness, token: token, email: "ada@example.com")
    #expect(session.status == 200)
    let access = try #require(session.string["access_token"])
    #expect(session.string["refresh_token"] != nil)
    #expect(session["user"]?["email"] == .string("ada@example.com"))

    let changed = try await harness.send(
      "PUT", "/auth/v1/user", json: "{\"password\":\"a new password\"}", bearer: access)
    #expect(changed.status == 200)
    #expect(try await harness.signIn(password: "a new password").status == 200)
    #expect(try await harness.signIn(password: "correct horse").errorCode == "invalid_credentials")
  }

  @Test func anUnknownAddressGetsTheSameAnswerAndNoMessage() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    let known = try await recover(harness, "ada@example.com")
    let unknown = try await recover(harness, "nobody@example.com")
    #expect(unknown.status == known.status)
    #expect(unknown.body == known.body)
    #expect(unknown.headers.map(\.name) == known.headers.map(\.name))
    #expect(harness.mailer.sent.map(\.recipient) == ["ada@example.com"])
  }

  @Test func aUsedTokenIsRefusedWithOTPExpired() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    _ = try await recover(harness, "ada@example.com")
    let token = try #require(harness.mailer.lastToken)
    #expect(try await verify(harness, token: token).status == 200)
    let again = try await verify(harness, token: token)
    #expect(again.status == 403)
    #expect(again.errorCode == "otp_expired")
  }

  @Test func aTokenPastItsHourIsRefusedAndOneJustInsideWorks() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    _ = try await recover(harness, "ada@example.com")
    let expired = try #require(harness.mailer.lastToken)
    _ = try await recover(harness, "ada@example.com")
    let fresh = try #require(harness.mailer.lastToken)
    #expect(expired != fresh)
    await harness.clock.advance(by: .seconds(3601))
    let late = try await verify(harness, token: expired)
    #expect(late.status == 403)
    #expect(late.errorCode == "otp_expired")
    _ = try await recover(harness, "ada@example.com")
    let third = try #require(harness.mailer.lastToken)
    await harness.clock.advance(by: .seconds(3599))
    #expect(try await verify(harness, token: third).status == 200)
    #expect(try await verify(harness, token: fresh).errorCode == "otp_expired")
  }

  @Test func anUnknownTokenOrAnotherTypeIsRefusedAndBadBodiesAreValidationErrors() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    _ = try await recover(harness, "ada@example.com")
    let token = try #require(harness.mailer.lastToken)
    #expect(try await verify(harness, token: "not-a-token").errorCode == "otp_expired")
    #expect(try await verify(harness, token: token, type: "signup").errorCode == "otp_expired")
    let unsupported = try await verify(harness, token: token, type: "magiclink")
    #expect(unsupported.status == 400)
    #expect(unsupported.errorCode == "validation_failed")
    let noToken = try await harness.send(
      "POST", "/auth/v1/verify", json: "{\"type\":\"recovery\"}")
    #expect(noToken.errorCode == "validation_failed")
    #expect(try await recover(harness, "not an address").errorCode == "validation_failed")
    // None of the refusals used the token up.
    #expect(try await verify(harness, token: token).status == 200)
  }

  @Test func aTokenPresentedWithAnotherAccountsAddressIsRefused() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    _ = try await recover(harness, "ada@example.com")
    let token = try #require(harness.mailer.lastToken)
    let answer = try await verify(harness, token: token, email: "eve@example.com")
    #expect(answer.status == 403)
    #expect(answer.errorCode == "otp_expired")
  }

  @Test func aMailerThatFailsGivesGoTruesErrorAndKeepsNoUsableLink() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    harness.mailer.failNextCalls(true)
    let answer = try await recover(harness, "ada@example.com")
    #expect(answer.status == 500)
    #expect(answer.json["msg"] == .string("Error sending recovery email"))
    #expect(harness.mailer.sent.isEmpty)
  }

  @Test func withoutAMailerRecoverRefusesEveryAddressAlike() async throws {
    let harness = AuthHarness()
    let service = AuthService(
      store: harness.store,
      configuration: AuthConfiguration(issuer: AuthHarness.issuer, scrypt: AuthHarness.cheapScrypt),
      clock: harness.clock.appClock, uuid: .incrementing(from: 1)
    ) { _ in }
    let key = try await service.keyring.apiKeys().anonKey
    func ask(_ email: String) async -> BackendResponse {
      await service.handle(
        BackendRequest(
          method: "POST", path: "/auth/v1/recover", query: [], headers: [("apikey", key)],
          body: Array("{\"email\":\(JSONText.quoted(email))}".utf8)))
    }
    #expect(await ask("ada@example.com").status == 500)
    #expect(await ask("nobody@example.com").status == 500)
  }

  @Test func theConfiguredLinkBaseAndLifetimeShapeTheMessage() async throws {
    let harness = AuthHarness { configuration in
      configuration.linkBase = "https://app.example.com/"
      configuration.oneTimeTokenLifetime = 60
    }
    _ = try await harness.signUp()
    _ = try await recover(harness, "ada@example.com")
    let token = try #require(harness.mailer.lastToken)
    #expect(
      harness.mailer.sent.last?.link
        == "https://app.example.com/auth/v1/verify?token=\(token)&type=recovery")
    await harness.clock.advance(by: .seconds(61))
    #expect(try await verify(harness, token: token).errorCode == "otp_expired")
  }
}
