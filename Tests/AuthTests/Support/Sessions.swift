import Auth
import Core
import Foundation
import Synchronization
import TestSupport

/// Sessions and errors the tests build on.
enum Sessions {
  static let alice = AuthUser(
    id: "8d6a1f2e-0000-4000-8000-000000000001", email: "alice@example.com", name: "Alice",
    avatarURL: URL(string: "https://example.com/alice.png"))
  static let bob = AuthUser(id: "8d6a1f2e-0000-4000-8000-000000000002", email: "bob@example.com")

  /// A session for `user` whose access token expires `expiresIn` seconds after `now`. Tokens
  /// are plain strings (not JWT-shaped) so the log tests catch them even if the redactor would
  /// not recognise them.
  static func make(
    _ tag: String, user: AuthUser = alice, now: Date = Fixture.referenceDate,
    expiresIn: TimeInterval = 3600
  ) -> AuthSession {
    AuthSession(
      accessToken: "access-\(tag)-Q9x7Lm2", refreshToken: "refresh-\(tag)-Zr4Kp8w",
      expiresAt: now.addingTimeInterval(expiresIn), user: user)
  }

  static func server(
    _ status: Int, _ code: GoTrueErrorCode?, _ message: String = "message",
    retryAfter: TimeInterval? = nil
  ) -> AuthError {
    .server(
      GoTrueError(
        status: status, code: code, message: message, retryAfter: retryAfter, shape: .current))
  }

  static let offline = AppError.network(code: -1009, message: "Offline")
}

/// Collects every state a manager publishes, from the moment it is made.
final class StateRecorder: Sendable {
  private let box = Recorded<AuthState>()
  private let task: Task<Void, Never>

  init(_ stream: AsyncStream<AuthState>) {
    let box = self.box
    task = Task {
      for await state in stream { box.append(state) }
    }
  }

  deinit { task.cancel() }

  var all: [AuthState] { box.all }

  /// Waits (yielding) until `count` states arrived.
  @discardableResult
  func waitForCount(_ count: Int) async -> Bool {
    await eventually { all.count >= count }
  }
}

/// Values appended from any task, read by the test.
final class Recorded<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])

  func append(_ value: Value) {
    values.withLock { $0.append(value) }
  }

  var all: [Value] { values.withLock { $0 } }
}
