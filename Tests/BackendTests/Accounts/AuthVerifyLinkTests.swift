import Backend
import Foundation
import JOSE
import Testing

/// `GET /verify`: the mailed link redirects to the site with the session, or the error, in
/// the fragment, and never to another origin.
@Suite struct AuthVerifyLinkTests {
  func harnessWithToken() async throws -> (AuthHarness, String) {
    let harness = AuthHarness { $0.linkBase = "https://app.example.com" }
    _ = try await harness.signUp()
    _ = try await harness.send(
      "POST", "/auth/v1/recover", json: "{\"email\":\"ada@example.com\"}")
    return (harness, try #require(harness.mailer.lastToken))
  }

  func open(
    _ harness: AuthHarness, token: String, redirectTo: String? = nil
  ) async throws -> AuthHarness.Answer {
    var query = [("token", token), ("type", "recovery")]
    if let redirectTo { query.append(("redirect_to", redirectTo)) }
    return try await harness.send("GET", "/auth/v1/verify", query: query, apikey: "")
  }

  func fragment(_ answer: AuthHarness.Answer) throws -> [String: String] {
    let location = try #require(answer.header("Location"))
    let parts = try #require(
      URLComponents(string: location.replacingOccurrences(of: "#", with: "?")))
    return Dictionary(
      (parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
  }

  @Test func theLinkRedirectsToTheSiteWithASessionWithoutAnAPIKey() async throws {
    let (harness, token) = try await harnessWithToken()
    let answer = try await open(harness, token: token, redirectTo: "https://app.example.com/reset")
    #expect(answer.status == 303)
    #expect(answer.header("Location")?.hasPrefix("https://app.example.com/reset#") == true)
    let members = try fragment(answer)
    #expect(members["type"] == "recovery")
    #expect(members["token_type"] == "bearer")
    let access = try #require(members["access_token"])
    #expect(try await harness.user(access).status == 200)
  }

  @Test func aUsedLinkRedirectsWithOTPExpired() async throws {
    let (harness, token) = try await harnessWithToken()
    _ = try await open(harness, token: token)
    let again = try await open(harness, token: token)
    #expect(again.status == 303)
    let members = try fragment(again)
    #expect(members["error"] == "access_denied")
    #expect(members["error_code"] == "otp_expired")
    #expect(members["access_token"] == nil)
  }

  @Test func aRedirectToAnotherOriginGoesToTheSiteInstead() async throws {
    let (harness, token) = try await harnessWithToken()
    let answer = try await open(harness, token: token, redirectTo: "https://evil.example/steal")
    #expect(answer.header("Location")?.hasPrefix("https://app.example.com/#") == true)
  }
}
