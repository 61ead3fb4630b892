import Core
import Foundation
import Networking
import Synchronization

/// An `HTTPClient` double with ordered, consume-once expectations.
///
/// Each request is matched against the unused expectations in the order they were added;
/// the first that matches answers it and is used up. A request nothing matches is reported
/// through `reportIssue` and fails. At the end, `verifyAllConsumed()` reports expectations
/// that were never used; `withStub` calls it for you, so prefer it. By default reports are
/// failures of the running test. Replies behave like the real client: a non-2xx reply is
/// thrown as `HTTPError.status` (with `Retry-After` read), a stream reply yields its chunks.
///
/// ```swift
/// try await StubHTTPClient.withStub { http in
///   http.expect(.request(.post, "/token"), reply: .json(#"{"access_token":"a"}"#))
///   // … exercise the code under test …
/// }  // an expectation still unused here fails the test
/// ```
public final class StubHTTPClient: HTTPClient {
  /// Raised by a request no expectation matched.
  public struct UnexpectedRequest: Error, CustomStringConvertible {
    /// The request, as `METHOD /path`.
    public let request: String
    /// Why it failed.
    public var description: String { "StubHTTPClient: unexpected request \(request)" }
  }

  private struct Expectation {
    var matcher: Matcher
    var reply: Reply
  }

  private struct State {
    var expectations: [Expectation] = []
    var requests: [HTTPRequest] = []
  }

  private let state = Mutex(State())
  private let clock: AppClock
  private let reportIssue: @Sendable (String) -> Void

  /// A stub with no expectations.
  /// - Parameters:
  ///   - clock: dates `Retry-After` values given as HTTP dates.
  ///   - reportIssue: called for unexpected requests and unused expectations (by default a
  ///     failure of the running test).
  public init(
    clock: AppClock = .fixed(Fixture.referenceDate),
    reportIssue: @escaping @Sendable (String) -> Void = recordTestIssue
  ) {
    self.clock = clock
    self.reportIssue = reportIssue
  }

  /// Runs `body` with a fresh stub, then reports every expectation `body` left unused (also
  /// when `body` throws), so a scripted request that never came fails the test.
  /// - Throws: what `body` throws.
  public static func withStub<Result>(
    clock: AppClock = .fixed(Fixture.referenceDate),
    reportIssue: @escaping @Sendable (String) -> Void = recordTestIssue,
    _ body: (StubHTTPClient) async throws -> Result
  ) async throws -> Result {
    let stub = StubHTTPClient(clock: clock, reportIssue: reportIssue)
    defer { stub.verifyAllConsumed() }
    return try await body(stub)
  }

  /// Adds an expectation answered once with `reply`.
  @discardableResult
  public func expect(_ matcher: Matcher, reply: Reply) -> StubHTTPClient {
    state.withLock { $0.expectations.append(Expectation(matcher: matcher, reply: reply)) }
    return self
  }

  /// Every request received, in order (matched or not).
  public var requests: [HTTPRequest] { state.withLock { $0.requests } }

  /// Descriptions of the expectations not used yet.
  public var pendingExpectations: [String] {
    state.withLock { $0.expectations.map(\.matcher.description) }
  }

  /// Reports every unused expectation through `reportIssue`; returns whether all were used.
  @discardableResult
  public func verifyAllConsumed() -> Bool {
    let pending = pendingExpectations
    for description in pending {
      reportIssue("StubHTTPClient: expected request never arrived: \(description)")
    }
    return pending.isEmpty
  }

  /// Answers from the first matching expectation.
  /// - Throws: `HTTPError.status` for a non-2xx reply, the reply's error, or
  ///   `UnexpectedRequest`.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    switch try take(request) {
    case .response(let response):
      try check(response.statusCode, response.headers, response.data, response.url)
      return response
    case .failure(let error):
      throw error
    case .stream(let statusCode, let headers, let chunks, let completion):
      try check(statusCode, headers, chunks.reduce(Data(), +), nil)
      if let completion { throw completion }
      return HTTPResponse(statusCode: statusCode, headers: headers, data: chunks.reduce(Data(), +))
    case .liveStream(let statusCode, let headers, let body):
      var data = Data()
      for try await chunk in body { data.append(chunk) }
      try check(statusCode, headers, data, nil)
      return HTTPResponse(statusCode: statusCode, headers: headers, data: data)
    }
  }

  /// Answers from the first matching expectation, as a stream.
  /// - Throws: `HTTPError.status` for a non-2xx reply, the reply's error, or
  ///   `UnexpectedRequest`.
  public func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
    switch try take(request) {
    case .response(let response):
      try check(response.statusCode, response.headers, response.data, response.url)
      return HTTPStreamResponse(
        statusCode: response.statusCode, headers: response.headers, url: response.url,
        body: .bytes(response.data))
    case .failure(let error):
      throw error
    case .stream(let statusCode, let headers, let chunks, let completion):
      try check(statusCode, headers, chunks.reduce(Data(), +), nil)
      let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
      for chunk in chunks { continuation.yield(chunk) }
      continuation.finish(throwing: completion)
      return HTTPStreamResponse(
        statusCode: statusCode, headers: headers, body: HTTPResponseBody(chunks: body) {})
    case .liveStream(let statusCode, let headers, let body):
      guard (200..<300).contains(statusCode) else {
        var data = Data()
        for try await chunk in body { data.append(chunk) }
        try check(statusCode, headers, data, nil)
        return HTTPStreamResponse(statusCode: statusCode, headers: headers, body: .bytes(data))
      }
      return HTTPStreamResponse(
        statusCode: statusCode, headers: headers, body: HTTPResponseBody(chunks: body) {})
    }
  }

  private func take(_ request: HTTPRequest) throws -> Reply {
    let reply = state.withLock { state -> Reply? in
      state.requests.append(request)
      guard let index = state.expectations.firstIndex(where: { $0.matcher.matches(request) })
      else { return nil }
      return state.expectations.remove(at: index).reply
    }
    guard let reply else {
      let pending = pendingExpectations
      reportIssue(
        "StubHTTPClient: unexpected request \(request); pending: "
          + (pending.isEmpty ? "none" : pending.joined(separator: ", ")))
      throw UnexpectedRequest(request: request.description)
    }
    return reply
  }

  private func check(_ status: Int, _ headers: HTTPHeaders, _ data: Data, _ url: URL?) throws {
    guard !(200..<300).contains(status) else { return }
    let response = HTTPResponse(statusCode: status, headers: headers, data: data, url: url)
    throw HTTPError.status(response, retryAfter: RetryAfter.delay(in: headers, now: clock.now()))
  }
}
