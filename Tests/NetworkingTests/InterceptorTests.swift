import Core
import Foundation
import Networking
import Synchronization
import TestSupport
import Testing

struct FixedToken: TokenProvider {
  let token: String?
  func currentToken() async throws -> String? { token }
}

struct FailingToken: TokenProvider {
  func currentToken() async throws -> String? { throw AppError.sessionExpired }
}

/// Counts how often the provider was asked, returning `token-1`, `token-2`, …
final class CountingToken: TokenProvider {
  private let count = Mutex(0)
  var calls: Int { count.withLock { $0 } }
  func currentToken() async throws -> String? {
    "token-\(count.withLock { $0 += 1; return $0 })"
  }
}

/// Lines appended from several interceptors.
final class TraceLog: Sendable {
  private let lines = Mutex<[String]>([])
  var all: [String] { lines.withLock { $0 } }
  func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// Records what each interceptor saw, in order, to prove the order they run in.
struct ObservingInterceptor: HTTPInterceptor {
  let name: String
  let log: TraceLog

  init(_ name: String, log: TraceLog) {
    self.name = name
    self.log = log
  }

  func adapt(_ request: inout HTTPRequest) async throws {
    let seen = ["User-Agent", "Authorization"].filter { request.headers.contains($0) }
    log.append("\(name) saw [\(seen.joined(separator: ","))]")
    request.headers.add(name: "X-Trace", value: name)
  }

  func shouldRetry(_ context: HTTPRetryContext) -> RetryDecision {
    log.append("\(name) asked after attempt \(context.attempt)")
    return .noRetry
  }
}

@Suite struct InterceptorTests {
  @Test func headersInterceptorAddsIdentifyingHeadersOnlyWhenAbsent() async throws {
    let interceptor = HeadersInterceptor(
      appVersion: "1.2.3", platform: "Linux", deviceModel: "x86_64",
      extraHeaders: ["X-Client": "kiln-cli", "X-App-Version": "ignored"])
    var request = HTTPRequest(path: "/p").withHeader("x-platform", "custom")
    try await interceptor.adapt(&request)
    #expect(request.headers["User-Agent"] == "Kiln/1.2.3 (Linux; x86_64)")
    #expect(request.headers["X-App-Version"] == "1.2.3")
    #expect(request.headers["X-Platform"] == "custom")
    #expect(request.headers["X-Device-Model"] == "x86_64")
    #expect(request.headers["X-Client"] == "kiln-cli")
  }

  @Test func headersInterceptorOmitsAnUnknownDeviceModel() async throws {
    var request = HTTPRequest(path: "/p")
    try await HeadersInterceptor(appName: "Demo", appVersion: "2.0", platform: "iOS").adapt(
      &request)
    #expect(request.headers["User-Agent"] == "Demo/2.0 (iOS)")
    #expect(!request.headers.contains("X-Device-Model"))
  }

  @Test func theDefaultPlatformIsTheOneBuiltFor() {
    #if os(Linux)
      #expect(HeadersInterceptor.currentPlatform == "Linux")
    #else
      #expect(HeadersInterceptor.currentPlatform != "Unknown")
    #endif
  }

  @Test func authInterceptorAddsABearerToken() async throws {
    var request = HTTPRequest(path: "/p")
    try await AuthInterceptor(tokenProvider: FixedToken(token: "abc")).adapt(&request)
    #expect(request.headers["Authorization"] == "Bearer abc")
  }

  @Test(arguments: [nil, ""] as [String?])
  func authInterceptorAddsNothingWithoutAToken(token: String?) async throws {
    var request = HTTPRequest(path: "/p")
    try await AuthInterceptor(tokenProvider: FixedToken(token: token)).adapt(&request)
    #expect(!request.headers.contains("Authorization"))
  }

  @Test func authInterceptorNeverReplacesAnAuthorizationHeaderOrAsksForAToken() async throws {
    let provider = CountingToken()
    var request = HTTPRequest(path: "/p").withHeader("authorization", "Bearer anon-key")
    try await AuthInterceptor(tokenProvider: provider).adapt(&request)
    #expect(request.headers.values(for: "Authorization") == ["Bearer anon-key"])
    #expect(provider.calls == 0)
  }

  @Test func aTokenProviderFailureStopsTheRequestBeforeItIsSent() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let client = makeClient(server, interceptors: [AuthInterceptor(tokenProvider: FailingToken())])
    await #expect(throws: AppError.sessionExpired) {
      try await client.send(HTTPRequest(path: "/p"))
    }
    #expect(server.requests.isEmpty)
  }

  @Test func interceptorsRunInOrderAndTheServerSeesTheirWork() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/p", .status(503))
    let log = TraceLog()
    let client = makeClient(
      server,
      interceptors: [
        HeadersInterceptor(appVersion: "1.0.0", platform: "Linux"),
        ObservingInterceptor("after-headers", log: log),
        AuthInterceptor(tokenProvider: FixedToken(token: "t")),
        ObservingInterceptor("after-auth", log: log),
        RetryInterceptor(policy: RetryPolicy(maxAttempts: 2, random: .constant(0.5))),
      ])
    await #expect(throws: HTTPError.self) { try await client.send(HTTPRequest(path: "/p")) }
    #expect(
      log.all == [
        "after-headers saw [User-Agent]", "after-auth saw [User-Agent,Authorization]",
        "after-headers asked after attempt 1", "after-auth asked after attempt 1",
        "after-headers saw [User-Agent]", "after-auth saw [User-Agent,Authorization]",
        "after-headers asked after attempt 2", "after-auth asked after attempt 2",
      ])
    let received = try #require(server.requests.first)
    // Repeated fields travel as one comma-joined field, as HTTP allows.
    #expect(received.headers["X-Trace"] == "after-headers,after-auth")
    #expect(received.headers["Authorization"] == "Bearer t")
    #expect(received.headers["User-Agent"] == "Kiln/1.0.0 (Linux)")
    #expect(server.requests.count == 2)
  }

  @Test func everyAttemptAsksForAFreshToken() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.status(502), .status(200), path: "/p")
    let tokens = CountingToken()
    let client = makeClient(
      server,
      interceptors: [
        AuthInterceptor(tokenProvider: tokens),
        RetryInterceptor(policy: RetryPolicy(random: .constant(0.5))),
      ])
    _ = try await client.send(HTTPRequest(path: "/p"))
    #expect(
      server.requests.map { $0.headers["Authorization"] } == ["Bearer token-1", "Bearer token-2"])
  }

  @Test func requestHeadersWinOverDefaultsAndInterceptors() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/p", .status(204))
    let client = makeClient(server, interceptors: [HeadersInterceptor(appVersion: "1.0.0")])
    _ = try await client.send(
      HTTPRequest(path: "/p").withHeader("Accept", "text/plain").withHeader("User-Agent", "mine"))
    let received = try #require(server.requests.first)
    #expect(received.headers.values(for: "Accept") == ["text/plain"])
    #expect(received.headers["User-Agent"] == "mine")
  }
}
