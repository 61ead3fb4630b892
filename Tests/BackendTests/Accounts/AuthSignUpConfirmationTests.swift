import Backend
import Foundation
import JOSE
import Testing

/// Sign-up with email confirmation on (`AUTH_EMAIL_CONFIRM=on`): an unconfirmed account, a
/// mailed `type=signup` link, `email_not_confirmed` until it is followed, `/resend`, and the
/// obfuscated answer for a taken address, as GoTrue answers them.
@Suite struct AuthSignUpConfirmationTests {
  static func confirming() -> AuthHarness {
    AuthHarness {
      $0.confirmsEmail = true
      $0.linkBase = "https://app.example.com"
    }
  }

  func verify(_ harness: AuthHarness, token: String) async throws -> AuthHarness.Answer {
    try await harness.send(
      "POST", "/auth/v1/verify",
      json: "{\"type\":\"signup\",\"token\":\(JSONText.quoted(token))}")
  }

  func resend(_ harness: AuthHarness, _ email: String) async throws -> AuthHarness.Answer {
    try await harness.send(
      "POST", "/auth/v1/resend",
      json: "{\"type\":\"signup\",\"email\":\(JSONText.quoted(email))}")
  }

  /// The members and the kinds of their values, all the way down: what a client can see of
  /// an answer's shape without reading its values.
  static func shape(_ value: StrictJSONValue) -> String {
    switch value {
    case .object(let members):
      "{"
        + members.keys.sorted().map { "\($0):\(shape(members[$0] ?? .null))" }.joined(
          separator: ",") + "}"
    case .array(let elements): "[" + elements.map(shape).joined(separator: ",") + "]"
    case .string: "s"
    case .number: "n"
    case .bool: "b"
    case .null: "null"
    }
  }

  @Test func signUpAnswersTheUserWithoutASessionAndMailsASignupLink() async throws {
    let harness = Self.confirming()
    let answer = try await harness.send(
      "POST", "/auth/v1/signup", query: [("redirect_to", "https://app.example.com/welcome")],
      json: #"{"email":"Ada@Example.com","password":"correct horse"}"#)
    #expect(answer.status == 200)
    #expect(answer["access_token"] == nil)
    #expect(answer["refresh_token"] == nil)
    #expect(answer["email"] == .string("ada@example.com"))
    #expect(answer["id"]?.stringValue?.isEmpty == false)
    #expect(answer["confirmation_sent_at"]?.stringValue?.hasPrefix("2027-01-15T08:00:00") == true)
    #expect(answer["email_confirmed_at"] == nil)
    #expect(answer["identities"]?.arrayValue?.count == 1)
    let message = try #require(harness.mailer.sent.first)
    #expect(harness.mailer.sent.count == 1)
    #expect(message.kind == .signup)
    #expect(message.recipient == "ada@example.com")
    let token = try #require(harness.mailer.lastToken)
    #expect(
      message.link
        == "https://app.example.com/auth/v1/verify?token=\(token)&type=signup"
        + "&redirect_to=https%3A%2F%2Fapp.example.com%2Fwelcome")
  }

  @Test func anUnconfirmedAddressCannotSignInUntilVerifyConfirmsItWithASession() async throws {
    let harness = Self.confirming()
    _ = try await harness.signUp()
    let early = try await harness.signIn()
    #expect(early.status == 400)
    #expect(early.errorCode == "email_not_confirmed")
    let token = try #require(harness.mailer.lastToken)
    let session = try await verify(harness, token: token)
    #expect(session.status == 200)
    #expect(session.string["access_token"] != nil)
    #expect(session.string["refresh_token"] != nil)
    #expect(session["user"]?["email_confirmed_at"]?.stringValue != nil)
    #expect(try await harness.signIn().status == 200)
    #expect(try await verify(harness, token: token).errorCode == "otp_expired")
  }

  @Test func theMailedLinkConfirmsAndRedirectsWithASession() async throws {
    let harness = Self.confirming()
    _ = try await harness.signUp()
    let token = try #require(harness.mailer.lastToken)
    let opened = try await harness.send(
      "GET", "/auth/v1/verify",
      query: [
        ("token", token), ("type", "signup"), ("redirect_to", "https://app.example.com/in"),
      ], apikey: "")
    #expect(opened.status == 303)
    let location = try #require(opened.header("Location"))
    #expect(location.hasPrefix("https://app.example.com/in#access_token="))
    #expect(location.contains("&type=signup"))
    #expect(try await harness.signIn().status == 200)
  }

  @Test func resendMailsANewLinkAndAnswersAlikeForAnyAddress() async throws {
    let harness = Self.confirming()
    _ = try await harness.signUp()
    let first = try #require(harness.mailer.lastToken)
    let again = try await resend(harness, "ada@example.com")
    #expect(again.status == 200)
    let second = try #require(harness.mailer.lastToken)
    #expect(second != first)
    #expect(harness.mailer.sent.count == 2)
    let unknown = try await resend(harness, "nobody@example.com")
    #expect(unknown.status == again.status)
    #expect(unknown.body == again.body)
    #expect(harness.mailer.sent.count == 2)
    #expect(try await verify(harness, token: second).status == 200)
    // A confirmed address gets the same answer and no mail.
    let confirmed = try await resend(harness, "ada@example.com")
    #expect(confirmed.body == again.body)
    #expect(harness.mailer.sent.count == 2)
    let wrongType = try await harness.send(
      "POST", "/auth/v1/resend", json: #"{"type":"sms","email":"ada@example.com"}"#)
    #expect(wrongType.errorCode == "validation_failed")
  }

  @Test func aTakenAddressGetsAUserShapedLikeANewOneOfNoAccountAndNoMail() async throws {
    let harness = Self.confirming()
    let real = try await harness.signUp()
    let token = try #require(harness.mailer.lastToken)
    #expect(try await verify(harness, token: token).status == 200)
    let taken = try await harness.signUp("ADA@example.com", password: "another password")
    #expect(taken.status == 200)
    #expect(Self.shape(.object(taken.json)) == Self.shape(.object(real.json)))
    #expect(taken["id"] != real["id"])
    #expect(taken["email"] == .string("ada@example.com"))
    #expect(harness.mailer.sent.count == 1)
    let decoyID = try #require(taken["id"]?.stringValue.flatMap(UUID.init(uuidString:)))
    #expect(try await harness.store.user(id: decoyID) == nil)
    // The owner's password is untouched.
    #expect(try await harness.signIn().status == 200)
    #expect(try await harness.signIn(password: "another password").status == 400)
  }

  @Test func aTakenUnconfirmedAddressMailsItsOwnerANewLinkAndAnswersTheSameShape() async throws {
    let harness = Self.confirming()
    let real = try await harness.signUp()
    let taken = try await harness.signUp()
    #expect(Self.shape(.object(taken.json)) == Self.shape(.object(real.json)))
    #expect(harness.mailer.sent.map(\.recipient) == ["ada@example.com", "ada@example.com"])
  }

  @Test func withConfirmationOffATakenAddressIsStillUserAlreadyExists() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    #expect(try await harness.signUp().errorCode == "user_already_exists")
    #expect(harness.mailer.sent.isEmpty)
  }

  @Test(arguments: [true, false])
  func settingsReportMailerAutoconfirmTruthfully(confirms: Bool) async throws {
    let harness = AuthHarness { $0.confirmsEmail = confirms }
    let settings = try await harness.send("GET", "/auth/v1/settings")
    #expect(settings["mailer_autoconfirm"] == .bool(!confirms))
  }
}
