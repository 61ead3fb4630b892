import Auth
import Core
import Foundation
import Networking
import TestSupport
import Testing

@Suite struct GoTrueClientTests {
  @Test func passwordSignInSendsTheGrantWithTheKeyAndDecodesTheSession() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(
      .post, "/auth/v1/token", .json(GoTrueJSON.session(access: "at-1", refresh: "rt-1")))
    let session = try await gotrue.client().signIn(email: "alice@example.com", password: "pw-1")
    let request = try #require(gotrue.server.requests.first)
    #expect(request.method == "POST")
    #expect(request.queryValue("grant_type") == "password")
    #expect(request.headers["apikey"] == LoopbackGoTrue.anonKey)
    #expect(request.headers["X-Supabase-Api-Version"] == "2024-01-01")
    #expect(request.headers["Content-Type"] == "application/json")
    #expect(request.headers["Authorization"] == nil)
    #expect(try LoopbackGoTrue.body(request) == ["email": "alice@example.com", "password": "pw-1"])
    #expect(session.accessToken == "at-1")
    #expect(session.refreshToken == "rt-1")
    #expect(session.tokenType == "bearer")
    #expect(session.expiresAt == Fixture.referenceDate.addingTimeInterval(3600))
    #expect(session.user == Sessions.alice)
  }

  @Test func theRefreshGrantSendsOnlyTheRefreshToken() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(
      .post, "/auth/v1/token", .json(GoTrueJSON.session(access: "at-2", refresh: "rt-2")))
    let session = try await gotrue.client().refresh(refreshToken: "rt-1")
    let request = try #require(gotrue.server.requests.first)
    #expect(request.queryValue("grant_type") == "refresh_token")
    #expect(try LoopbackGoTrue.body(request) == ["refresh_token": "rt-1"])
    #expect(session.refreshToken == "rt-2")
  }

  @Test func theIDTokenGrantSendsProviderTokenAndRawNonce() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(
      .post, "/auth/v1/token", .json(GoTrueJSON.session(access: "at-1", refresh: "rt-1")))
    let credential = OpenIDCredential(provider: .apple, idToken: "apple-jwt", nonce: "raw-nonce")
    _ = try await gotrue.client().signIn(with: credential)
    let request = try #require(gotrue.server.requests.first)
    #expect(request.queryValue("grant_type") == "id_token")
    #expect(
      try LoopbackGoTrue.body(request)
        == ["provider": "apple", "id_token": "apple-jwt", "nonce": "raw-nonce"])
  }

  @Test func signUpWithAutoConfirmReturnsASession() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(
      .post, "/auth/v1/signup", .json(GoTrueJSON.session(access: "at-1", refresh: "rt-1")))
    let result = try await gotrue.client().signUp(email: "alice@example.com", password: "pw-1")
    guard case .session(let session) = result else {
      Issue.record("expected a session, got \(result)")
      return
    }
    #expect(session.user == Sessions.alice)
    let request = try #require(gotrue.server.requests.first)
    #expect(try LoopbackGoTrue.body(request) == ["email": "alice@example.com", "password": "pw-1"])
  }

  @Test func signUpThatNeedsConfirmationReturnsOnlyTheUser() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(.post, "/auth/v1/signup", .json(GoTrueJSON.unconfirmedUser))
    let result = try await gotrue.client().signUp(email: "alice@example.com", password: "pw-1")
    #expect(
      result
        == .confirmationRequired(AuthUser(id: GoTrueJSON.aliceID, email: "alice@example.com")))
  }

  @Test func recoverSendsTheAddressAndTheRedirect() async throws {
    let redirect = try #require(URL(string: "kiln://reset"))
    let gotrue = try LoopbackGoTrue(passwordResetRedirectURL: redirect)
    defer { gotrue.server.stop() }
    gotrue.server.route(.post, "/auth/v1/recover", .json("{}"))
    try await gotrue.client().recover(email: "alice@example.com")
    let request = try #require(gotrue.server.requests.first)
    #expect(request.queryValue("redirect_to") == "kiln://reset")
    #expect(try LoopbackGoTrue.body(request) == ["email": "alice@example.com"])
  }

  @Test func logoutSendsTheBearerAndTheScope() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(.post, "/auth/v1/logout", .status(204))
    try await gotrue.client().logout(accessToken: "at-1", scope: .global)
    let request = try #require(gotrue.server.requests.first)
    #expect(request.queryValue("scope") == "global")
    #expect(request.headers["Authorization"] == "Bearer at-1")
    #expect(request.headers["apikey"] == LoopbackGoTrue.anonKey)
  }

  @Test func userReadsTheSignedInUser() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(.get, "/auth/v1/user", .json(GoTrueJSON.user()))
    let user = try await gotrue.client().user(accessToken: "at-1")
    #expect(user == Sessions.alice)
    #expect(gotrue.server.requests.first?.headers["Authorization"] == "Bearer at-1")
  }

  @Test func deleteAccountCallsTheFunctionWithTheBearer() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(.post, "/functions/v1/delete-account", .json(#"{"deleted":true}"#))
    try await gotrue.client().deleteAccount(accessToken: "at-1")
    let request = try #require(gotrue.server.requests.first)
    #expect(request.headers["Authorization"] == "Bearer at-1")
    #expect(request.headers["apikey"] == LoopbackGoTrue.anonKey)
  }

  struct ErrorCase: Sendable, CustomStringConvertible {
    let name: String
    let response: LoopbackResponse
    let shape: GoTrueError.Shape
    let code: GoTrueErrorCode?
    let appError: AppError
    var description: String { name }
  }

  static let errorCases: [ErrorCase] = [
    ErrorCase(
      name: "current",
      response: .json(
        #"{"code":"invalid_credentials","message":"Invalid login credentials"}"#, status: 400),
      shape: .current, code: .invalidCredentials, appError: .unauthorized),
    ErrorCase(
      name: "legacy",
      response: .json(
        #"{"code":400,"error_code":"email_not_confirmed","msg":"Email not confirmed"}"#,
        status: 400),
      shape: .legacy, code: .emailNotConfirmed,
      appError: .validation(message: GoTrueError.emailNotConfirmedMessage)),
    ErrorCase(
      name: "oauth",
      response: .json(
        #"{"error":"invalid_grant","error_description":"Invalid Refresh Token: Refresh Token Not Found"}"#,
        status: 400),
      shape: .oauth, code: .refreshTokenNotFound, appError: .sessionExpired),
    ErrorCase(
      name: "weak password",
      response: .json(
        #"{"code":"weak_password","message":"Password should be at least 6 characters.","weak_password":{"reasons":["length"]}}"#,
        status: 422),
      shape: .current, code: .weakPassword,
      appError: .validation(message: "Password should be at least 6 characters.")),
    ErrorCase(
      name: "rate limit",
      response: .json(
        #"{"code":"over_request_rate_limit","message":"Request rate limit reached"}"#,
        status: 429
      ).header("Retry-After", "7"),
      shape: .current, code: .overRequestRateLimit, appError: .rateLimited(retryAfter: 7)),
    ErrorCase(
      name: "gateway page", response: .text("<html>502 Bad Gateway</html>", status: 502),
      shape: .unrecognized, code: nil,
      appError: .network(code: 502, message: "The auth server answered with HTTP status 502.")),
    ErrorCase(
      name: "header code",
      response: .json(#"{"message":"invalid JWT"}"#, status: 403)
        .header("x-sb-error-code", "bad_jwt"),
      shape: .current, code: .badJWT, appError: .sessionExpired),
  ]

  @Test(arguments: errorCases)
  func everyErrorShapeBecomesATypedError(errorCase: ErrorCase) async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(.post, "/auth/v1/token", errorCase.response)
    do {
      _ = try await gotrue.client().signIn(email: "alice@example.com", password: "pw")
      Issue.record("expected an error")
    } catch let AuthError.server(error) {
      #expect(error.shape == errorCase.shape)
      #expect(error.code == errorCase.code)
      #expect(AppError.from(AuthError.server(error)) == errorCase.appError)
    }
  }

  @Test func withoutExpiresInTheServersExpiresAtIsUsed() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    let body = """
      {"access_token":"at-1","token_type":"bearer","expires_at":1780315200,\
      "refresh_token":"rt-1","user":{"id":"u-1","email":"","user_metadata":\
      {"full_name":42,"name":"Carol","picture":"https://example.com/c.png"}}}
      """
    gotrue.server.route(.post, "/auth/v1/token", .json(body))
    let session = try await gotrue.client().refresh(refreshToken: "rt-0")
    #expect(session.expiresAt == Date(timeIntervalSince1970: 1_780_315_200))
    #expect(
      session.user
        == AuthUser(
          id: "u-1", email: nil, name: "Carol", avatarURL: URL(string: "https://example.com/c.png"))
    )
  }

  @Test func aSuccessThatIsNotASessionIsAnInvalidResponse() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(.post, "/auth/v1/token", .json(#"{"ok":true}"#))
    await #expect(throws: AuthError.invalidResponse("the token answer is not a GoTrue session")) {
      try await gotrue.client().refresh(refreshToken: "rt-1")
    }
  }

  @Test func aDroppedConnectionIsATransportErrorNotAServerAnswer() async throws {
    let gotrue = try LoopbackGoTrue()
    defer { gotrue.server.stop() }
    gotrue.server.route(.post, "/auth/v1/token", .dropConnection())
    do {
      _ = try await gotrue.client().refresh(refreshToken: "rt-1")
      Issue.record("expected an error")
    } catch let error as HTTPError {
      #expect(AppError.from(error).isTransient)
    }
  }
}
