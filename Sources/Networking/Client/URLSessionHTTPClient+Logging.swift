import Core
import Foundation
import Synchronization

/// Whether this process has said once that streams fall back to URLSession.
private let fallbackWarned = Atomic<Bool>(false)

/// Whether this process has said once that a connection pool falls back to URLSession.
private let poolFallbackWarned = Atomic<Bool>(false)

/// One log line per exchange: method, path, status, duration. Never headers, the query or
/// a body, which may carry tokens, keys or personal data.
extension URLSessionHTTPClient {
  func logResponse(_ prepared: Prepared, _ response: HTTPResponse, started: Date) {
    logger.info(
      "\(Self.label(prepared)) \(response.statusCode) in \(Self.milliseconds(since: started, clock: clock)) ms",
      category: .networking)
  }

  func logHead(_ prepared: Prepared, statusCode: Int, started: Date) {
    logger.info(
      "\(Self.label(prepared)) \(statusCode), streaming after \(Self.milliseconds(since: started, clock: clock)) ms",
      category: .networking)
  }

  /// Logs, once per process, that streams go through URLSession because libcurl is unusable.
  func warnOfFallbackOnce(_ reason: String) {
    guard !fallbackWarned.exchange(true, ordering: .relaxed) else { return }
    logger.notice(
      "warning: streams fall back to URLSession, which buffers a slow reader's backlog: \(reason)",
      category: .networking)
  }

  /// Logs, once per process, that a connection pool's requests go through URLSession.
  func warnOfPoolFallbackOnce(_ reason: String) {
    guard !poolFallbackWarned.exchange(true, ordering: .relaxed) else { return }
    logger.notice(
      "warning: pooled requests fall back to URLSession, without a shared pool: \(reason)",
      category: .networking)
  }

  func logCacheHit(_ prepared: Prepared) {
    logger.debug("\(Self.label(prepared)) served from cache", category: .networking)
  }

  func logFailure(_ prepared: Prepared, _ failure: HTTPError, started: Date, attempt: Int) {
    let elapsed = Self.milliseconds(since: started, clock: clock)
    logger.notice(
      "\(Self.label(prepared)) failed after \(elapsed) ms (attempt \(attempt)): \(failure)",
      category: .networking)
  }

  func logRetry(_ prepared: Prepared, delay: TimeInterval, nextAttempt: Int) {
    logger.info(
      "\(Self.label(prepared)) retrying in \(Int((delay * 1000).rounded())) ms (attempt \(nextAttempt))",
      category: .networking)
  }

  static func logStreamEnd(
    _ prepared: Prepared, _ summary: TransferSummary, started: Date, logger: AppLogger,
    clock: AppClock
  ) {
    let elapsed = milliseconds(since: started, clock: clock)
    if let error = summary.error {
      logger.notice(
        "\(label(prepared)) stream ended after \(summary.bytes) bytes, \(elapsed) ms: \(error)",
        category: .networking)
    } else {
      logger.info(
        "\(label(prepared)) stream finished: \(summary.bytes) bytes in \(elapsed) ms",
        category: .networking)
    }
  }

  static func label(_ prepared: Prepared) -> String {
    let path = prepared.url.path
    return "\(prepared.request.method.rawValue) \(path.isEmpty ? "/" : path)"
  }

  static func milliseconds(since start: Date, clock: AppClock) -> Int {
    Int((clock.now().timeIntervalSince(start) * 1000).rounded())
  }
}
