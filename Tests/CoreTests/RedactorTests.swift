import Core
import Foundation
import Testing

@Suite struct RedactorTests {
  private let redactor = Redactor()

  @Test func allRulesCompile() {
    #expect(redactor.ruleCount == 7)
  }

  @Test(arguments: [
    "Authorization: Bearer abc.DEF-123_xyz",
    "authorization: bearer abc.DEF-123_xyz",
    "sending with BEARER abc.DEF-123_xyz now",
  ])
  func bearerTokensAreRemoved(text: String) {
    let scrubbed = redactor.scrub(text)
    #expect(!scrubbed.contains("abc.DEF-123_xyz"))
    #expect(scrubbed.contains(Redactor.placeholder))
  }

  @Test func textThatIsAlreadyRedactedIsLeftAsItIs() {
    let described = "PaymentsConfig(apiKey: [REDACTED], entitlementID: pro, token=[REDACTED])"
    #expect(redactor.scrub(described) == described)
    #expect(
      redactor.scrub(redactor.scrub("apiKey: appl_abcdefghijkl, x")) == "apiKey: [REDACTED], x")
  }

  @Test func jwtsAreRemovedWherever() {
    let jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl-_x"
    for text in ["token \(jwt)", "\(jwt)", "url?access=\(jwt)&x=1", #"{"jwt":"\#(jwt)"}"#] {
      let scrubbed = redactor.scrub(text)
      #expect(!scrubbed.contains("eyJzdWIiOiIxMjM0In0"), "leaked in \(scrubbed)")
    }
  }

  @Test(arguments: [
    "sk-proj-AbCdEf0123456789abcdef",
    "sk-or-v1-0123456789abcdef0123456789abcdef",
    "sk-ant-api03-XYZxyz0123",
  ])
  func providerKeysAreRemoved(key: String) {
    let scrubbed = redactor.scrub("using key \(key) for the request")
    #expect(!scrubbed.contains(key))
    #expect(scrubbed == "using key \(Redactor.placeholder) for the request")
  }

  @Test func revenueCatKeysAreRemoved() {
    let scrubbed = redactor.scrub("configured appl_AbCdEfGhIjKlMnOp")
    #expect(!scrubbed.contains("AbCdEfGhIjKlMnOp"))
  }

  @Test(arguments: ["ada@example.com", "first.last+tag@mail.example.co.uk"])
  func emailAddressesAreRemoved(email: String) {
    let scrubbed = redactor.scrub("signed in as \(email).")
    #expect(!scrubbed.contains(email))
    #expect(scrubbed == "signed in as \(Redactor.placeholder).")
  }

  @Test(arguments: [
    #"{"refresh_token":"v1.MRjcy3Gs4Y","expires_in":3600}"#,
    "grant_type=password&password=hunter2&email=x",
    "apikey: anon-key-value-123",
    #"{"access_token": "opaque-token-9"}"#,
  ])
  func secretNamedFieldsLoseTheirValues(text: String) {
    let scrubbed = redactor.scrub(text)
    for secret in ["v1.MRjcy3Gs4Y", "hunter2", "anon-key-value-123", "opaque-token-9"] {
      #expect(!scrubbed.contains(secret), "leaked \(secret) in \(scrubbed)")
    }
  }

  @Test func ordinaryTextIsUntouched() {
    let text = "streamed 42 completion_tokens from openai/gpt-4o-mini in 1.2 s (status 200)"
    #expect(redactor.scrub(text) == text)
  }
}
