import Auth
import Foundation
import Synchronization
import Testing

/// A scripted `GoTrueAPI`: each endpoint runs the handler the test gave, and records the call.
/// An endpoint without a handler records a test issue and fails, so unexpected calls are loud.
final class FakeGoTrue: GoTrueAPI {
  enum Call: Equatable {
    case signUp(email: String)
    case signIn(email: String)
    case idToken(provider: IdentityProvider, idToken: String, nonce: String?)
    case refresh(refreshToken: String)
    case recover(email: String)
    case logout(accessToken: String, scope: SignOutScope)
    case user(accessToken: String)
    case deleteAccount(accessToken: String)
  }

  struct Handlers: Sendable {
    var signUp: (@Sendable (String, String) async throws -> GoTrueSignUpResult)?
    var signIn: (@Sendable (String, String) async throws -> AuthSession)?
    var idToken: (@Sendable (OpenIDCredential) async throws -> AuthSession)?
    var refresh: (@Sendable (String) async throws -> AuthSession)?
    var recover: (@Sendable (String) async throws -> Void)?
    var logout: (@Sendable (String, SignOutScope) async throws -> Void)?
    var user: (@Sendable (String) async throws -> AuthUser)?
    var deleteAccount: (@Sendable (String) async throws -> Void)?
  }

  struct Unexpected: Error {}

  private let handlers: Mutex<Handlers>
  private let recorded = Mutex<[Call]>([])

  init(_ handlers: Handlers = Handlers()) {
    self.handlers = Mutex(handlers)
  }

  /// Every call so far, in order.
  var calls: [Call] { recorded.withLock { $0 } }

  /// How many refresh-token grants were made.
  var refreshCount: Int {
    calls.filter { if case .refresh = $0 { return true } else { return false } }.count
  }

  func update(_ change: (inout Handlers) -> Void) {
    handlers.withLock { change(&$0) }
  }

  private func record(_ call: Call) {
    recorded.withLock { $0.append(call) }
  }

  private func handler<Handler>(
    _ keyPath: KeyPath<Handlers, Handler?>, _ name: String
  ) throws
    -> Handler
  {
    let all = handlers.withLock { $0 }
    guard let handler = all[keyPath: keyPath] else {
      Issue.record("unexpected GoTrue call: \(name)")
      throw Unexpected()
    }
    return handler
  }

  func signUp(email: String, password: String) async throws -> GoTrueSignUpResult {
    record(.signUp(email: email))
    return try await handler(\.signUp, "signUp")(email, password)
  }

  func signIn(email: String, password: String) async throws -> AuthSession {
    record(.signIn(email: email))
    return try await handler(\.signIn, "signIn")(email, password)
  }

  func signIn(with credential: OpenIDCredential) async throws -> AuthSession {
    record(
      .idToken(
        provider: credential.provider, idToken: credential.idToken, nonce: credential.nonce))
    return try await handler(\.idToken, "idToken")(credential)
  }

  func refresh(refreshToken: String) async throws -> AuthSession {
    record(.refresh(refreshToken: refreshToken))
    return try await handler(\.refresh, "refresh")(refreshToken)
  }

  func recover(email: String) async throws {
    record(.recover(email: email))
    try await handler(\.recover, "recover")(email)
  }

  func logout(accessToken: String, scope: SignOutScope) async throws {
    record(.logout(accessToken: accessToken, scope: scope))
    try await handler(\.logout, "logout")(accessToken, scope)
  }

  func user(accessToken: String) async throws -> AuthUser {
    record(.user(accessToken: accessToken))
    return try await handler(\.user, "user")(accessToken)
  }

  func deleteAccount(accessToken: String) async throws {
    record(.deleteAccount(accessToken: accessToken))
    try await handler(\.deleteAccount, "deleteAccount")(accessToken)
  }
}
