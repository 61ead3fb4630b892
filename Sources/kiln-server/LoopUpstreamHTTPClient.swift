import Foundation
import HTTPServer
import Networking
import Synchronization

/// The proxy's upstream client (decision 208): streams to a plain-HTTP upstream at a
/// numeric address go out on the event loop that runs the request's task
/// (`LoopHTTPClient`); everything else (TLS, host names, requests made off a loop, whole
/// requests) goes through `fallback`, the libcurl pool.
///
/// It answers as every `HTTPClient` does: a non-2xx status is thrown as `HTTPError.status`
/// with its body (at most `maximumErrorBodySize` bytes kept) and `Retry-After`; transport
/// failures as `HTTPError.transport` with the codes the proxy judges retries by.
final class LoopUpstreamHTTPClient: HTTPClient {
  let loopClient: LoopHTTPClient?
  let fallback: any HTTPClient
  let now: @Sendable () -> Date
  let maximumErrorBodySize = 1 << 20
  let defaultTimeouts = HTTPTimeouts.standard
  /// The last URL asked for and its target (`nil`: not the loops'), see `target(of:for:)`.
  private let lastTarget = Mutex<(url: URL, target: String?)?>(nil)

  /// A client that uses the loops for `baseURL` when it is `http` to a numeric address.
  init(
    baseURL: URL?, fallback: any HTTPClient, now: @escaping @Sendable () -> Date,
    limits: UpstreamLimits = UpstreamLimits()
  ) {
    if let baseURL, baseURL.scheme?.lowercased() == "http", let host = baseURL.host {
      loopClient = LoopHTTPClient(host: host, port: baseURL.port ?? 80, limits: limits)
    } else {
      loopClient = nil
    }
    self.fallback = fallback
    self.now = now
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await fallback.send(request)
  }

  func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
    guard let loopClient, let (url, target) = target(of: request, for: loopClient.origin)
    else { return try await fallback.stream(request) }
    // As the libcurl path does: a cancelled task sends nothing.
    if Task.isCancelled { throw HTTPError.cancelled }
    guard let exchange = loopClient.start(upstreamRequest(request, target: target)) else {
      return try await fallback.stream(request)
    }
    let head: UpstreamResponseHead
    do {
      head = try await exchange.head()
    } catch {
      throw Self.httpError(error)
    }
    var headers = HTTPHeaders()
    for field in head.fields { headers.add(name: field.name, value: field.value) }
    if let redirected = Self.redirect(request, from: url, status: head.status, headers: headers) {
      // libcurl follows redirects; the loop client does not, so the request to where the
      // answer points (never the same request again) goes to it.
      _ = try await errorBody(of: exchange)
      return try await fallback.stream(redirected)
    }
    guard (200..<300).contains(head.status) else {
      let data = try await errorBody(of: exchange)
      throw HTTPError.status(
        HTTPResponse(statusCode: head.status, headers: headers, data: data, url: url),
        retryAfter: RetryAfter.delay(in: headers, now: now()))
    }
    let body = HTTPResponseBody(
      batches: { () async throws -> [Data]? in
        do throws(UpstreamError) {
          return try await exchange.nextBatch()
        } catch {
          throw Self.httpError(error)
        }
      },
      arrived: { exchange.arrived() },
      onCancel: { exchange.cancel() })
    return HTTPStreamResponse(statusCode: head.status, headers: headers, url: url, body: body)
  }

  /// The URL of `request` and its origin-form target, or `nil` when it is not for
  /// `origin` (another scheme, host or port than the base URL's). The proxy asks for one
  /// URL all the time, so the last answer is kept: working it out again takes longer than
  /// the rest of the request's preparation.
  private func target(
    of request: HTTPRequest, for origin: UpstreamOrigin
  ) -> (URL, String)? {
    // Only a request that names its URL whole is answered from, or kept as, the last one.
    let asked: URL? =
      if case .url(let url) = request.location, request.query.isEmpty { url } else { nil }
    if let asked, let known = lastTarget.withLock({ $0 }), known.url == asked {
      return known.target.map { (asked, $0) }
    }
    guard let url = try? request.resolvedURL(baseURL: nil) else { return nil }
    var target: String?
    if url.scheme?.lowercased() == "http", let host = url.host,
      UpstreamOrigin(host: host, port: url.port ?? 80) == origin,
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    {
      var path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
      if let query = components.percentEncodedQuery { path += "?" + query }
      target = path
    }
    if let asked { lastTarget.withLock { $0 = (asked, target) } }
    return target.map { (url, $0) }
  }

  /// The loop client's form of `request`, sent to `target`.
  private func upstreamRequest(_ request: HTTPRequest, target: String) -> UpstreamRequest {
    let timeouts = request.timeouts ?? defaultTimeouts
    return UpstreamRequest(
      method: request.method.rawValue, target: target,
      fields: request.headers.map { (name: $0.name, value: $0.value) },
      body: request.body ?? Data(), headSeconds: timeouts.connect, idleSeconds: timeouts.idle,
      totalSeconds: timeouts.total)
  }

  /// A non-2xx body, of which at most `maximumErrorBodySize` bytes are kept; the rest is
  /// read and dropped, so the connection can be kept. A body cut short still gives the
  /// status, with what came (as libcurl does): the status is what the proxy acts on.
  private func errorBody(of exchange: UpstreamExchange) async throws -> Data {
    var data = Data()
    do {
      while let batch = try await exchange.nextBatch() {
        for chunk in batch where data.count < maximumErrorBodySize {
          data.append(chunk.prefix(maximumErrorBodySize - data.count))
        }
      }
    } catch .cancelled {
      throw HTTPError.cancelled
    } catch {
      return data
    }
    return data
  }

  /// The request a redirect asks for, as libcurl makes it: 307 and 308 keep the method and
  /// body, 301, 302 and 303 turn a POST into a GET without one; `Authorization` goes only to
  /// the same origin (scheme, host and port). `nil` when `status` is no redirect or names
  /// no valid `Location`.
  static func redirect(
    _ request: HTTPRequest, from url: URL, status: Int, headers: HTTPHeaders
  ) -> HTTPRequest? {
    guard [301, 302, 303, 307, 308].contains(status), let location = headers["Location"],
      let target = URL(string: location, relativeTo: url)?.absoluteURL,
      ["http", "https"].contains(target.scheme?.lowercased() ?? "")
    else { return nil }
    let keepsMethod = status == 307 || status == 308 || request.method != .post
    var redirected = HTTPRequest(
      url: target, method: keepsMethod ? request.method : .get,
      body: keepsMethod ? request.body : nil)
    redirected.timeouts = request.timeouts
    for field in request.headers {
      let name = field.name.lowercased()
      if name == "authorization", !sameOrigin(target, url) { continue }
      if !keepsMethod, name == "content-type" || name == "content-length" { continue }
      redirected.headers.add(name: field.name, value: field.value)
    }
    return redirected
  }

  /// Whether two URLs share scheme, host and port (the port a scheme implies counted), as
  /// libcurl requires before it sends credentials on.
  private static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
    func origin(_ url: URL) -> (String, String, Int)? {
      guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
        return nil
      }
      return (scheme, host, url.port ?? (scheme == "https" ? 443 : 80))
    }
    guard let first = origin(one), let second = origin(other) else { return false }
    return first == second
  }

  /// The loop client's failure as the `HTTPError` the proxy judges retries by.
  static func httpError(_ error: UpstreamError) -> HTTPError {
    switch error {
    case .connect:
      .transport(code: URLErrorCode.cannotConnectToHost, message: "Could not connect: \(error)")
    case .lost:
      .transport(code: URLErrorCode.networkConnectionLost, message: "The connection was lost")
    case .timedOut(let what):
      .transport(code: URLErrorCode.timedOut, message: "Timed out waiting for \(what)")
    case .malformed(let problem):
      .transport(code: URLErrorCode.badServerResponse, message: problem.description)
    case .cancelled:
      .cancelled
    }
  }
}
