import Core
import Foundation

extension URLSessionHTTPClient {
  enum Outcome {
    case response(HTTPResponse)
    case stream(HTTPStreamResponse)
  }

  /// A request after default headers and interceptors, ready to send.
  struct Prepared {
    var request: HTTPRequest
    var url: URL
    var cacheKey: HTTPResponseCache.Key?
    var cachePolicy: HTTPCachePolicy
  }

  /// The attempt loop: prepare, answer from the cache or send, and on failure ask the
  /// interceptors whether to wait and try again.
  func execute(_ request: HTTPRequest, streaming: Bool) async throws -> Outcome {
    var attempt = 1
    while true {
      let prepared = try await prepare(request, streaming: streaming)
      if !streaming, let cached = cachedResponse(for: prepared) {
        logCacheHit(prepared)
        return .response(cached)
      }
      let started = clock.now()
      do {
        let outcome = try await attemptOnce(prepared, streaming: streaming, started: started)
        if case .response(let response) = outcome { remember(response, for: prepared) }
        return outcome
      } catch let failure as HTTPError {
        logFailure(prepared, failure, started: started, attempt: attempt)
        if failure == .cancelled || Task.isCancelled { throw HTTPError.cancelled }
        let context = HTTPRetryContext(
          request: prepared.request, error: failure, attempt: attempt, isStreaming: streaming)
        guard case .retry(let delay) = retryDecision(context) else { throw failure }
        logRetry(prepared, delay: delay, nextAttempt: attempt + 1)
        do {
          try await clock.sleep(.timeInterval(delay))
        } catch {
          throw HTTPError.cancelled
        }
        attempt += 1
      }
    }
  }

  private func prepare(_ original: HTTPRequest, streaming: Bool) async throws -> Prepared {
    if Task.isCancelled { throw HTTPError.cancelled }
    var request = original
    request.headers.merge(missingFrom: configuration.defaultHeaders)
    for interceptor in interceptors {
      try await interceptor.adapt(&request)
    }
    let url = try request.resolvedURL(baseURL: baseURL)
    let policy = request.cachePolicy ?? .standard
    let cacheable = !streaming && request.method == .get && cache != nil && policy != .noCache
    let key =
      cacheable
      ? HTTPResponseCache.Key(url: url, authorization: request.headers["Authorization"]) : nil
    return Prepared(request: request, url: url, cacheKey: key, cachePolicy: policy)
  }

  private func attemptOnce(
    _ prepared: Prepared, streaming: Bool, started: Date
  ) async throws -> Outcome {
    let timeouts = prepared.request.timeouts ?? configuration.timeouts
    let logger = streaming ? self.logger : AppLogger.disabled
    let clock = self.clock
    let onDone: @Sendable (TransferSummary) -> Void = { summary in
      Self.logStreamEnd(prepared, summary, started: started, logger: logger, clock: clock)
    }
    let (head, body) = try await startExchange(
      prepared, streaming: streaming, timeouts: timeouts, onDone: onDone)
    if streaming {
      logHead(prepared, statusCode: head.statusCode, started: started)
      return .stream(
        HTTPStreamResponse(
          statusCode: head.statusCode, headers: head.headers, url: head.url, body: body))
    }
    // A buffered body that fails half way is still retryable: the caller has seen nothing.
    let data = try await body.collect()
    let response = HTTPResponse(
      statusCode: head.statusCode, headers: head.headers, data: data, url: head.url)
    logResponse(prepared, response, started: started)
    return .response(response)
  }

  /// Goes through the connection pool when there is one; else streams through libcurl with
  /// flow control where that is available and wanted; else through `URLSession`.
  private func startExchange(
    _ prepared: Prepared, streaming: Bool, timeouts: HTTPTimeouts,
    onDone: @escaping @Sendable (TransferSummary) -> Void
  ) async throws -> (ResponseHead, HTTPResponseBody) {
    #if os(Linux) && canImport(CCurl)
      if let pool = configuration.connectionPool, CurlStreamTransport.supports(prepared.url) {
        if let exchange = try await pool.start(
          prepared.request, url: prepared.url, timeouts: timeouts,
          maximumErrorBodySize: configuration.maximumErrorBodySize, now: clock.now,
          onDone: onDone)
        {
          return exchange
        }
        warnOfPoolFallbackOnce(pool.unavailableReason ?? "the pool is unavailable")
      }
      if streaming && configuration.flowControlledStreams
        && CurlStreamTransport.supports(prepared.url)
      {
        if let reason = CurlLibrary.unavailableReason {
          warnOfFallbackOnce(reason)
        } else {
          return try await CurlStreamTransport.start(
            prepared.request, url: prepared.url, timeouts: timeouts,
            maximumErrorBodySize: configuration.maximumErrorBodySize, now: clock.now,
            onDone: onDone)
        }
      }
    #endif
    return try await transport.start(
      prepared.request.urlRequest(url: prepared.url), timeouts: timeouts,
      dedicatedSession: streaming, maximumErrorBodySize: configuration.maximumErrorBodySize,
      now: clock.now, onDone: onDone)
  }

  private func retryDecision(_ context: HTTPRetryContext) -> RetryDecision {
    for interceptor in interceptors {
      let decision = interceptor.shouldRetry(context)
      if case .retry = decision { return decision }
    }
    return .noRetry
  }

  private func cachedResponse(for prepared: Prepared) -> HTTPResponse? {
    guard let cache, let key = prepared.cacheKey else { return nil }
    switch prepared.cachePolicy {
    case .standard, .timeToLive: return cache.response(for: key)
    case .reload, .noCache: return nil
    }
  }

  private func remember(_ response: HTTPResponse, for prepared: Prepared) {
    guard let cache, response.isSuccess else { return }
    guard let key = prepared.cacheKey else {
      if prepared.request.method != .get { cache.removeResponses(for: prepared.url) }
      return
    }
    switch prepared.cachePolicy {
    case .standard, .reload: cache.store(response, for: key)
    case .timeToLive(let seconds): cache.store(response, for: key, timeToLive: seconds)
    case .noCache: return
    }
  }
}
