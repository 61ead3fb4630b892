import Auth
import Core
import Foundation
import Networking
import Storage
import Synchronization
import TestSupport

/// One run of the program in the test process: its own session manager over the session
/// file every run shares, as a `kiln` process has. `exit()` does what the end of `main` does
/// (`AppDependencies.shutdown()`), then ends the run as the end of the process would: a
/// request already sent still reaches the server, but its answer is lost, nothing more is
/// sent, and nothing more is read or written in the file.
struct ProcessRun {
  let manager: SessionManager
  private let store: ExitingSessionStore
  private let network: ExitingHTTPClient

  init(
    config: AuthConfig, http: any HTTPClient, directory: URL, clock: AppClock,
    logger: AppLogger
  ) {
    store = ExitingSessionStore(
      SecureStoreSessionStore(secureStore: FileSecureStore(directory: directory)))
    network = ExitingHTTPClient(http)
    manager = SessionManager(
      api: GoTrueClient(config: config, httpClient: network, clock: clock), store: store,
      clock: clock, logger: logger, policy: RefreshPolicy(baseDelay: 0, maxDelay: 0))
  }

  /// Ends the run.
  func exit() async {
    await manager.shutdown()
    store.exit()
    network.exit()
  }
}

/// An HTTP client whose process has exited: answers arriving afterwards are lost.
final class ExitingHTTPClient: HTTPClient {
  private let inner: any HTTPClient
  private let exited = Mutex(false)

  init(_ inner: any HTTPClient) {
    self.inner = inner
  }

  func exit() { exited.withLock { $0 = true } }

  private func ensureRunning() throws {
    if exited.withLock({ $0 }) { throw HTTPError.cancelled }
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try ensureRunning()
    let response = try await inner.send(request)
    try ensureRunning()
    return response
  }

  func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
    try ensureRunning()
    return try await inner.stream(request)
  }
}

/// A session store that stops reading and writing when its process has exited.
final class ExitingSessionStore: SessionStore {
  struct Exited: Error {}

  private let inner: any SessionStore
  private let exited = Mutex(false)

  init(_ inner: any SessionStore) {
    self.inner = inner
  }

  func exit() { exited.withLock { $0 = true } }

  private func ensureRunning() throws {
    if exited.withLock({ $0 }) { throw Exited() }
  }

  func load() throws -> AuthSession? {
    try ensureRunning()
    return try inner.load()
  }

  func save(_ session: AuthSession) throws {
    try ensureRunning()
    try inner.save(session)
  }

  func clear() throws {
    try ensureRunning()
    try inner.clear()
  }

  func lock() async throws -> SessionStoreLease {
    try ensureRunning()
    return try await inner.lock()
  }
}
