import Core
import Foundation
import Networking
import TestSupport
import Testing

/// A loopback server that records an issue for every unexpected request.
func makeServer() throws -> LoopbackHTTPServer {
  try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
}

/// A client for `server` with no interceptors and a clock whose sleeps return at once.
func makeClient(
  _ server: LoopbackHTTPServer, interceptors: [any HTTPInterceptor] = [],
  timeouts: HTTPTimeouts = .standard, cache: HTTPResponseCache? = nil,
  clock: AppClock = .fixed(Fixture.referenceDate), logger: AppLogger = .disabled
) -> URLSessionHTTPClient {
  URLSessionHTTPClient(
    baseURL: server.baseURL, configuration: HTTPClientConfiguration(timeouts: timeouts),
    interceptors: interceptors, cache: cache, clock: clock, logger: logger)
}

extension Data {
  /// UTF-8 bytes of a string, for short test bodies.
  init(text: String) { self = Data(text.utf8) }

  var text: String { String(decoding: self, as: UTF8.self) }
}

/// Reads `AppError.from(error).code`, so tests can compare mapped errors briefly.
enum AppErrorBridge {
  static func map(_ error: any Error) -> String { AppError.from(error).code }
}
