import Backend
import Core
import Foundation
import JOSE
import Testing

/// Decision 29: the auth routes are limited per client address and failed sign-ins per
/// account, counted in a `ServerStore` so instances share the counts.
@Suite struct AuthRateLimitTests {
  let harness = AuthHarness()
  let counters = InMemoryServerStore()

  func limited(
    perAddress: RateLimit? = nil, failures: RateLimit? = nil
  ) -> AuthService {
    harness.service.limited(
      by: AuthRateLimits(
        store: counters, perAddress: perAddress, failedSignInsPerAccount: failures))
  }

  /// Sends one request to `service` from `address`, as kiln-server fills it from the peer.
  func send(
    _ service: AuthService, _ path: String, grant: String? = nil, json: String,
    from address: String? = "10.0.0.1"
  ) async throws -> AuthHarness.Answer {
    let request = BackendRequest(
      method: "POST", path: path, query: grant.map { [(name: "grant_type", value: $0)] } ?? [],
      headers: [(name: "apikey", value: try await harness.anonKey)],
      body: Array(json.utf8), clientAddress: address)
    let response = await service.handle(request)
    guard case .bytes(let body) = response.body else {
      Issue.record("the auth service streamed a body")
      return AuthHarness.Answer(status: response.status, headers: response.headers, body: [])
    }
    return AuthHarness.Answer(status: response.status, headers: response.headers, body: body)
  }

  func signIn(
    _ service: AuthService, password: String = "correct horse", email: String = "ada@example.com",
    from address: String? = "10.0.0.1"
  ) async throws -> AuthHarness.Answer {
    try await send(
      service, "/auth/v1/token", grant: "password",
      json: "{\"email\":\(JSONText.quoted(email)),\"password\":\(JSONText.quoted(password))}",
      from: address)
  }

  @Test func anAddressOverItsLimitGets429InGoTruesShapeWithRetryAfter() async throws {
    _ = try await harness.signUp()
    let service = limited(perAddress: RateLimit(count: 5, period: 300))
    for _ in 0..<5 {
      #expect(try await signIn(service).status == 200)
    }
    let refused = try await signIn(service)
    #expect(refused.status == 429)
    #expect(refused.json["error_code"] == .string("over_request_rate_limit"))
    #expect(refused.json["code"] == .number(429))
    #expect(refused.json["msg"]?.stringValue != nil)
    #expect(refused.header("x-sb-error-code") == "over_request_rate_limit")
    #expect(refused.header("Retry-After") == "60")
    #expect(try await signIn(service, from: "10.0.0.2").status == 200, "another address")
    await harness.clock.advance(by: .seconds(60))
    #expect(try await signIn(service).status == 200, "one slot back after 60 s")
  }

  @Test func signUpsCountPerAddressButRefreshesDoNot() async throws {
    let service = limited(perAddress: RateLimit(count: 2, period: 300))
    let first = try await send(
      service, "/auth/v1/signup", json: "{\"email\":\"a@example.com\",\"password\":\"12345678\"}")
    #expect(first.status == 200)
    let refreshToken = try #require(first.string["refresh_token"])
    let second = try await send(
      service, "/auth/v1/signup", json: "{\"email\":\"b@example.com\",\"password\":\"12345678\"}")
    #expect(second.status == 200)
    let third = try await send(
      service, "/auth/v1/signup", json: "{\"email\":\"c@example.com\",\"password\":\"12345678\"}")
    #expect(third.status == 429)
    #expect(try await harness.store.user(email: "c@example.com") == nil, "refused before it ran")
    let refreshed = try await send(
      service, "/auth/v1/token", grant: "refresh_token",
      json: "{\"refresh_token\":\(JSONText.quoted(refreshToken))}")
    #expect(refreshed.status == 200)
  }

  @Test func tenFailuresLockAnAccountWhileSuccessesNeverCount() async throws {
    _ = try await harness.signUp()
    _ = try await harness.signUp("bob@example.com")
    let service = limited(failures: RateLimit(count: 10, period: 300))
    for _ in 0..<25 {
      #expect(try await signIn(service).status == 200)
    }
    for _ in 0..<10 {
      let wrong = try await signIn(service, password: "wrong horse")
      #expect(wrong.json["error_code"] == .string("invalid_credentials"))
    }
    let locked = try await signIn(service, password: "wrong horse")
    #expect(locked.status == 429)
    #expect(locked.json["error_code"] == .string("over_request_rate_limit"))
    #expect(locked.header("Retry-After") == "30")
    #expect(try await signIn(service).status == 429, "locked for the right password too")
    #expect(try await signIn(service, email: "bob@example.com").status == 200, "per account")
    await harness.clock.advance(by: .seconds(30))
    #expect(try await signIn(service).status == 200)
    #expect(try await signIn(service).status == 200, "the success consumed nothing")
  }

  @Test func failuresForAnUnknownAddressAreCountedLikeAnyOther() async throws {
    let service = limited(failures: RateLimit(count: 2, period: 300))
    for _ in 0..<2 {
      #expect(try await signIn(service, email: "nobody@example.com").status == 400)
    }
    #expect(try await signIn(service, email: "nobody@example.com").status == 429)
  }

  @Test func instancesOnOneStoreShareTheCounts() async throws {
    _ = try await harness.signUp()
    let limit = try #require(RateLimit(count: 3, period: 300))
    let first = limited(perAddress: limit)
    let other = AuthService(
      store: harness.store,
      configuration: AuthConfiguration(issuer: AuthHarness.issuer, scrypt: AuthHarness.cheapScrypt),
      clock: harness.clock.appClock, uuid: .incrementing(from: 100)
    ) { _ in }
    .limited(
      by: AuthRateLimits(store: counters, perAddress: limit, failedSignInsPerAccount: nil))
    #expect(try await signIn(first).status == 200)
    #expect(try await signIn(other).status == 200)
    #expect(try await signIn(first).status == 200)
    #expect(try await signIn(other).status == 429)
  }

  @Test func aCounterStoreThatCannotAnswerRefusesWith503() async throws {
    _ = try await harness.signUp()
    let service = limited(perAddress: RateLimit(count: 5, period: 300))
    await counters.failEveryCall(with: .unavailable("test"))
    let answer = try await signIn(service)
    #expect(answer.status == 503)
  }

  @Test func withoutLimitsNothingIsRefused() async throws {
    _ = try await harness.signUp()
    for _ in 0..<40 {
      #expect(try await signIn(harness.service, password: "wrong horse").status == 400)
    }
    #expect(try await signIn(harness.service).status == 200)
  }
}
