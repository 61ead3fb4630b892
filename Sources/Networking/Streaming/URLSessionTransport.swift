import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Runs one exchange over `URLSession` with a delegate, so the head and each body chunk are
/// delivered as they arrive (Linux has no `URLSession.bytes(for:)`).
///
/// Buffered requests share one session, so connections are reused. Each stream gets its own
/// session, invalidated as soon as the stream ends or is abandoned: a long stream then never
/// holds a pooled connection, and no session outlives its stream (a delegate session that is
/// never invalidated leaks).
///
/// The shared session is made on the first request, not with the client: on Linux, making
/// any `URLSessionConfiguration` creates Foundation's cookie folder (named after the
/// executable's folder, under the XDG data home) and its URL-cache folder, and a run that
/// never goes online (`kiln chats`, `show`, `export`) must leave nothing behind.
final class URLSessionTransport: Sendable {
  private let sharedSession = Mutex<URLSession?>(nil)
  private let sharedDelegate: SessionDelegate
  private let makeConfiguration: @Sendable () -> URLSessionConfiguration

  init(makeConfiguration: @escaping @Sendable () -> URLSessionConfiguration) {
    self.makeConfiguration = makeConfiguration
    sharedDelegate = SessionDelegate()
  }

  deinit {
    guard let session = sharedSession.withLock({ $0 }) else { return }
    // Off the releasing thread: corelibs may block this call behind other transfers.
    DispatchQueue.global().async { session.invalidateAndCancel() }
  }

  /// The session buffered requests share, made on first use.
  private func shared() -> URLSession {
    sharedSession.withLock { session in
      if let session { return session }
      let made = Self.makeSession(makeConfiguration(), delegate: sharedDelegate)
      session = made
      return made
    }
  }

  /// Sends `request` and waits for a 2xx head; the body then streams.
  /// - Throws: `HTTPError`.
  func start(
    _ request: URLRequest, timeouts: HTTPTimeouts, dedicatedSession: Bool,
    maximumErrorBodySize: Int, now: @escaping @Sendable () -> Date,
    onDone: @escaping @Sendable (TransferSummary) -> Void
  ) async throws -> (ResponseHead, HTTPResponseBody) {
    let delegate = dedicatedSession ? SessionDelegate() : sharedDelegate
    let session =
      dedicatedSession ? Self.makeSession(makeConfiguration(), delegate: delegate) : shared()
    let handler = DataTaskHandler(
      timeouts: timeouts, maximumErrorBodySize: maximumErrorBodySize, now: now
    ) { summary in
      if let task = summary.task { delegate.unregister(task) }
      if dedicatedSession { session.invalidateAndCancel() }
      onDone(TransferSummary(bytes: summary.bytes, error: summary.error))
    }
    let head = try await handler.run {
      let task = session.dataTask(with: request)
      delegate.register(handler, for: task)
      return task
    }
    let body = HTTPResponseBody(chunks: handler.body) { handler.cancel() }
    return (head, body)
  }

  private static func makeSession(
    _ configuration: URLSessionConfiguration, delegate: SessionDelegate
  ) -> URLSession {
    // The client keeps its own cache and timeouts; Foundation's would interfere.
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpShouldSetCookies = false
    configuration.timeoutIntervalForRequest = HTTPRequest.foundationTimeout
    configuration.timeoutIntervalForResource = HTTPRequest.foundationTimeout
    let queue = OperationQueue()
    queue.name = "dev.kiln.networking.session"
    // One serial queue per session keeps a task's callbacks, and so its chunks, in order.
    queue.maxConcurrentOperationCount = 1
    return URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
  }
}
