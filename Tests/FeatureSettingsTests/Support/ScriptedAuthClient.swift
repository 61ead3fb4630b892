import Auth
import Testing

/// An `AuthClient` that answers only what a test scripted, each answer once, and records
/// every call. A call nobody scripted records an issue and throws, so a test never passes
/// by accident; `run` records an issue for every answer left unused when the test ends.
actor ScriptedAuthClient: AuthClient {
  enum Call: Hashable, Sendable {
    case signInWithApple, signInWithGoogle, signInWithCredential
    case signUp(email: String), signIn(email: String), resetPassword(email: String)
    case signOut, deleteAccount
  }

  struct Unscripted: Error {}

  private let broadcaster: AuthStateBroadcaster
  private var user: AuthUser?
  private var signInAnswers: [Result<AuthUser, any Error>] = []
  private var signUpAnswers: [Result<SignUpOutcome, any Error>] = []
  private var voidAnswers: [Call: [Result<Void, any Error>]] = [:]
  private(set) var calls: [Call] = []
  private(set) var passwords: [String] = []

  init(signedIn user: AuthUser? = nil) {
    self.user = user
    broadcaster = AuthStateBroadcaster(
      initial: user.map(AuthState.authenticated) ?? .unauthenticated)
  }

  func answerSignIn(_ answer: Result<AuthUser, any Error>) { signInAnswers.append(answer) }
  func answerSignUp(_ answer: Result<SignUpOutcome, any Error>) { signUpAnswers.append(answer) }
  func answer(_ call: Call, with answer: Result<Void, any Error>) {
    voidAnswers[call, default: []].append(answer)
  }

  /// Answers scripted but never asked for.
  var unusedScript: Int {
    signInAnswers.count + signUpAnswers.count + voidAnswers.values.map(\.count).reduce(0, +)
  }

  /// Runs `body` with a fresh client, then records an issue for every scripted answer that no
  /// call used, so a test cannot pass while the code under test skipped a call it scripted.
  static func run(
    signedIn user: AuthUser? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (ScriptedAuthClient) async throws -> Void
  ) async rethrows {
    let auth = ScriptedAuthClient(signedIn: user)
    try await body(auth)
    await auth.verifyAllUsed(sourceLocation: sourceLocation)
  }

  /// Records an issue for each scripted answer that was never asked for.
  func verifyAllUsed(sourceLocation: SourceLocation = #_sourceLocation) {
    var unused: [String] = []
    if !signInAnswers.isEmpty { unused.append("\(signInAnswers.count) sign-in") }
    if !signUpAnswers.isEmpty { unused.append("\(signUpAnswers.count) sign-up") }
    for (call, answers) in voidAnswers where !answers.isEmpty {
      unused.append("\(answers.count) \(call)")
    }
    for description in unused.sorted() {
      Issue.record(
        "ScriptedAuthClient: scripted \(description) answer never asked for",
        sourceLocation: sourceLocation)
    }
  }

  /// Publishes `state` as if the session changed elsewhere.
  func emit(_ state: AuthState) {
    user = state.user
    broadcaster.publish(state)
  }

  func signInWithApple() async throws -> AuthUser { try signIn(.signInWithApple) }
  func signInWithGoogle() async throws -> AuthUser { try signIn(.signInWithGoogle) }
  func signIn(with credential: OpenIDCredential) async throws -> AuthUser {
    try signIn(.signInWithCredential)
  }

  func signInWithEmail(email: String, password: String) async throws -> AuthUser {
    passwords.append(password)
    return try signIn(.signIn(email: email))
  }

  func signUpWithEmail(email: String, password: String) async throws -> SignUpOutcome {
    calls.append(.signUp(email: email))
    passwords.append(password)
    guard !signUpAnswers.isEmpty else { throw unscripted(.signUp(email: email)) }
    let outcome = try signUpAnswers.removeFirst().get()
    if case .signedIn(let user) = outcome { emit(.authenticated(user)) }
    return outcome
  }

  func resetPassword(email: String) async throws {
    try answerVoid(.resetPassword(email: email))
  }

  func signOut() async throws {
    try answerVoid(.signOut)
    emit(.unauthenticated)
  }

  func deleteAccount() async throws {
    try answerVoid(.deleteAccount)
    emit(.unauthenticated)
  }

  func currentUser() async -> AuthUser? { user }

  func snapshot() async -> AuthSnapshot {
    AuthSnapshot(
      state: broadcaster.current, user: user, accessTokenExpiresAt: nil,
      isAccessTokenExpired: false)
  }

  nonisolated func authStates() -> AsyncStream<AuthState> { broadcaster.subscribe() }

  func refreshIfNeeded() async throws {
    throw unscripted(nil)
  }

  func validAccessToken() async throws -> String? {
    throw unscripted(nil)
  }

  private func signIn(_ call: Call) throws -> AuthUser {
    calls.append(call)
    guard !signInAnswers.isEmpty else { throw unscripted(call) }
    let signedIn = try signInAnswers.removeFirst().get()
    emit(.authenticated(signedIn))
    return signedIn
  }

  private func answerVoid(_ call: Call) throws {
    calls.append(call)
    guard var answers = voidAnswers[call], !answers.isEmpty else { throw unscripted(call) }
    let answer = answers.removeFirst()
    voidAnswers[call] = answers
    try answer.get()
  }

  private func unscripted(_ call: Call?) -> Unscripted {
    Issue.record("unscripted auth call: \(call.map { "\($0)" } ?? "token access")")
    return Unscripted()
  }
}
