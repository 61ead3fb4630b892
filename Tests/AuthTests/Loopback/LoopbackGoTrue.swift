import Auth
import Core
import Foundation
import Networking
import TestSupport
import Testing

/// A loopback server speaking GoTrue, with the real HTTP client and the real GoTrue client
/// in front of it.
struct LoopbackGoTrue {
  static let anonKey = "anon-key-7Hq2Vw9"

  let server: LoopbackHTTPServer
  let config: AuthConfig
  let http: URLSessionHTTPClient
  let sink: InMemoryLogSink
  let logger: AppLogger

  init(passwordResetRedirectURL: URL? = nil) throws {
    server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
    config = AuthConfig(
      supabaseURL: server.baseURL, supabaseAnonKey: Self.anonKey,
      passwordResetRedirectURL: passwordResetRedirectURL)
    sink = InMemoryLogSink()
    logger = AppLogger(minimumLevel: .debug, sinks: [sink])
    http = URLSessionHTTPClient(baseURL: nil, clock: .live, logger: logger)
  }

  func client(now: Date = Fixture.referenceDate) -> GoTrueClient {
    GoTrueClient(config: config, httpClient: http, clock: .fixed(now))
  }

  /// Requests that reached `path`.
  func requests(_ path: String) -> [LoopbackRequest] {
    server.requests.filter { $0.path == path }
  }

  /// The JSON body of `request` as a dictionary of strings.
  static func body(_ request: LoopbackRequest) throws -> [String: String] {
    try request.decodeBody([String: String].self)
  }
}
