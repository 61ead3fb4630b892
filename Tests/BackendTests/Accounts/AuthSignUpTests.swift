import Backend
import Foundation
import JOSE
import Testing

@Suite struct AuthSignUpTests {
  @Test func signUpAnswersASessionInGoTruesShape() async throws {
    let harness = AuthHarness()
    let answer = try await harness.signUp(data: #"{"full_name":"Ada"}"#)
    #expect(answer.status == 200)
    #expect(answer["token_type"] == .string("bearer"))
    #expect(answer["expires_in"] == .number(3600))
    #expect(answer["expires_at"] == .number(1_800_003_600))
    #expect(answer.string["refresh_token"]?.isEmpty == false)
    #expect(answer.string["access_token"]?.split(separator: ".").count == 3)
    let user = try #require(answer["user"])
    #expect(user["email"] == .string("ada@example.com"))
    #expect(user["aud"] == .string("authenticated"))
    #expect(user["role"] == .string("authenticated"))
    #expect(user["user_metadata"]?["full_name"] == .string("Ada"))
    #expect(user["app_metadata"]?["provider"] == .string("email"))
    #expect(user["is_anonymous"] == .bool(false))
    #expect(user["email_confirmed_at"]?.stringValue?.hasPrefix("2027-01-15T08:00:00") == true)
    #expect(user["identities"]?.arrayValue?.count == 1)
  }

  @Test func theAddressIsTrimmedAndLowerCased() async throws {
    let harness = AuthHarness()
    let answer = try await harness.signUp("  Ada@Example.COM \n")
    #expect(answer["user"]?["email"] == .string("ada@example.com"))
    #expect(try await harness.signIn("ADA@example.com").status == 200)
  }

  @Test func aTakenAddressIsRefusedWithUserAlreadyExists() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    let again = try await harness.signUp("ADA@example.com", password: "another password")
    #expect(again.status == 422)
    #expect(again["error_code"] == .string("user_already_exists"))
    #expect(again["code"] == .number(422))
    #expect(again.header("x-sb-error-code") == "user_already_exists")
  }

  @Test func aShortPasswordIsWeakWithItsReason() async throws {
    let harness = AuthHarness()
    let answer = try await harness.signUp(password: "short")
    #expect(answer.status == 422)
    #expect(answer["error_code"] == .string("weak_password"))
    #expect(answer.string["msg"]?.contains("8 characters") == true)
    #expect(answer["weak_password"]?["reasons"] == .array([.string("length")]))
    #expect(try await harness.store.user(email: "ada@example.com") == nil)
  }

  @Test func theMinimumLengthIsConfigurable() async throws {
    let harness = AuthHarness { $0.minimumPasswordLength = 12 }
    #expect(try await harness.signUp(password: "elevenchars").status == 422)
    #expect(try await harness.signUp(password: "twelve chars").status == 200)
  }

  @Test func versionedClientsGetTheCurrentErrorShape() async throws {
    let harness = AuthHarness()
    let answer = try await harness.send(
      "POST", "/auth/v1/signup", json: #"{"email":"ada@example.com","password":"x"}"#,
      extraHeaders: [("X-Supabase-Api-Version", "2024-01-01")])
    #expect(answer.status == 422)
    #expect(answer["code"] == .string("weak_password"))
    #expect(answer.string["message"]?.isEmpty == false)
    #expect(answer["msg"] == nil)
    #expect(answer.header("X-Supabase-Api-Version") == "2024-01-01")
  }

  @Test(arguments: [
    (#"{"password":"correct horse"}"#, "validation_failed"),
    (#"{"email":"not-an-address","password":"correct horse"}"#, "validation_failed"),
    (#"{"email":"ada@example.com"}"#, "validation_failed"),
    (#"{"email":"ada@example.com","password":"correct horse","data":[1]}"#, "validation_failed"),
    (#"{"email":"ada@example.com","#, "bad_json"),
    (#"{"email":"a@example.com","email":"b@example.com","password":"correct horse"}"#, "bad_json"),
  ])
  func badInputIsRefusedWith400AndStoresNothing(body: String, code: String) async throws {
    let harness = AuthHarness()
    let answer = try await harness.send("POST", "/auth/v1/signup", json: body)
    #expect(answer.status == 400)
    #expect(answer["error_code"] == .string(code))
    #expect(try await harness.store.user(email: "ada@example.com") == nil)
  }

  @Test func thePasswordIsStoredOnlyAsASaltedScryptHash() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    _ = try await harness.signUp("bob@example.com")
    let ada = try #require(try await harness.store.user(email: "ada@example.com")?.password)
    let bob = try #require(try await harness.store.user(email: "bob@example.com")?.password)
    #expect(ada.salt != bob.salt)
    #expect(ada.hash != bob.hash)
    #expect(ada.cost == 16 && ada.blockSize == 1 && ada.parallelization == 1)
    let expected = try AuthHarness.cheapScrypt.deriveKey(
      password: Array("correct horse".utf8), salt: ada.salt, length: 32)
    #expect(ada.hash == expected)
  }
}
