import Auth
import Core
import Testing

@Suite struct MockAuthClientTests {
  @Test func anyCredentialsSignInAsTheDebugUser() async throws {
    let client = MockAuthClient()
    #expect(await client.currentUser() == nil)
    #expect(try await client.validAccessToken() == nil)
    let user = try await client.signInWithEmail(email: "me@example.com", password: "x")
    #expect(user.name == "Debug User")
    #expect(user.email == "me@example.com")
    #expect(await client.currentUser() == user)
    #expect(try await client.validAccessToken() == "debug-token")
  }

  @Test func signUpSignsInAtOnce() async throws {
    let outcome = try await MockAuthClient().signUpWithEmail(email: "new@example.com", password: "")
    #expect(outcome.isSignedIn)
    #expect(outcome.user.name == MockAuthClient.userName)
  }

  @Test func providersSignInWithoutANativeFlow() async throws {
    let client = MockAuthClient()
    #expect(try await client.signInWithApple().id == MockAuthClient.userID)
    #expect(try await client.signInWithGoogle().id == MockAuthClient.userID)
  }

  @Test func statesFollowSignInAndOut() async throws {
    let client = MockAuthClient()
    let recorder = StateRecorder(client.authStates())
    let user = try await client.signInWithEmail(email: "me@example.com", password: "pw")
    try await client.signOut()
    #expect(await recorder.waitForCount(3))
    #expect(recorder.all == [.unauthenticated, .authenticated(user), .unauthenticated])
    #expect(await client.snapshot() == .signedOut)
  }

  @Test func deleteAccountNeedsAUserAndSignsOut() async throws {
    let client = MockAuthClient(signedIn: true)
    try await client.deleteAccount()
    #expect(await client.currentUser() == nil)
    await #expect(throws: AuthError.notSignedIn) { try await client.deleteAccount() }
  }

  @Test func theTokenProviderHandsOutTheMockToken() async throws {
    let client = MockAuthClient(signedIn: true)
    let provider = AuthTokenProvider(client: client)
    #expect(try await provider.currentToken() == "debug-token")
    try await client.signOut()
    #expect(try await provider.currentToken() == nil)
  }
}
