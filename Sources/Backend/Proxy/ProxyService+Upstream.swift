import Core
import Foundation
import Networking

extension ProxyService {
  /// Opens the upstream stream for `chat`, or the refusal to answer with. Retries only
  /// happen here, before the first byte, and only for connect failures, 429 and 5xx,
  /// at most `retryBudget` times, waiting through the injected sleeper.
  func openUpstream(
    _ chat: ProxyChatRequest, upstream: ProxyConfiguration.Upstream
  ) async -> Result<HTTPStreamResponse, APIError> {
    var request = HTTPRequest(
      url: upstream.chatCompletionsURL, method: .post,
      body: Data(UpstreamRequestBody.json(for: chat, maxTokens: configuration.maxTokens))
    )
    if let key = upstream.apiKey { request = request.withHeader("Authorization", "Bearer " + key) }
    request =
      request
      .withHeader("Content-Type", "application/json")
      .withHeader("Accept", "text/event-stream")
      .withTimeouts(upstream.timeouts)
    var attempt = 0
    while true {
      let sentAt = clock.now()
      do {
        let response = try await self.upstream.stream(request)
        metrics.recordUpstreamLatency(seconds: clock.now().timeIntervalSince(sentAt))
        return .success(response)
      } catch {
        let failure = UpstreamFailure(error)
        logger.error("upstream attempt \(attempt + 1) failed: \(failure)", category: .backend)
        guard attempt < configuration.retryBudget, let delay = retryDelay(failure, attempt) else {
          return .failure(failure.apiError)
        }
        do {
          try await sleep(delay)
        } catch {
          return .failure(failure.apiError)
        }
        attempt += 1
      }
    }
  }

  /// How long to wait before retrying after `failure`, or `nil` when it must not be retried
  /// (or asks for a longer wait than the proxy holds a client for).
  private func retryDelay(_ failure: UpstreamFailure, _ attempt: Int) -> Duration? {
    guard failure.isRetryable else { return nil }
    let backoff = configuration.retryBaseDelay * (1 << min(attempt, 10))
    guard let retryAfter = failure.retryAfter else { return backoff }
    let asked = Duration.timeInterval(retryAfter)
    return asked <= configuration.maximumRetryDelay ? max(asked, backoff) : nil
  }
}

/// Why the upstream gave no stream, judged for the client and for retries.
struct UpstreamFailure: Sendable, CustomStringConvertible {
  enum Kind: Sendable {
    /// No connection could be made, or a kept-alive one was found dead.
    case connect
    /// The upstream did not answer in time.
    case timeout
    /// Another transport failure.
    case transport
    /// The upstream answered with this status.
    case status(Int)
    /// The request was cancelled (the client left).
    case cancelled
    /// Anything else (an interceptor's error, a request that could not be built).
    case other
  }

  var kind: Kind
  var retryAfter: Double?

  init(_ error: any Error) {
    switch error as? HTTPError {
    case .transport(let code, _):
      switch code {
      case URLErrorCode.timedOut: kind = .timeout
      case URLErrorCode.cannotConnectToHost, URLErrorCode.networkConnectionLost,
        URLErrorCode.cannotFindHost, URLErrorCode.dnsLookupFailed:
        kind = .connect
      default: kind = .transport
      }
    case .status(let response, let retryAfter):
      kind = .status(response.statusCode)
      self.retryAfter = retryAfter
    case .cancelled: kind = .cancelled
    case .invalidRequest, nil: kind = error is CancellationError ? .cancelled : .other
    }
  }

  /// Connect failures, 429 and 5xx may succeed on a second try.
  var isRetryable: Bool {
    switch kind {
    case .connect: return true
    case .status(let status): return status == 429 || (500..<600).contains(status)
    case .timeout, .transport, .cancelled, .other: return false
    }
  }

  /// The answer for the client. Provider-auth problems (401, 403) are the server's, never
  /// the user's, so they are 502 like any other upstream fault.
  var apiError: APIError {
    switch kind {
    case .timeout:
      return APIError(
        status: 504, code: "upstream_timeout", message: "The model provider did not answer in time."
      )
    case .status(429):
      return APIError(
        status: 429, code: "rate_limited",
        message: "The model provider is busy; try again shortly.", retryAfter: retryAfter)
    case .status(503):
      return APIError(
        status: 503, code: "upstream_unavailable",
        message: "The model provider is unavailable; try again shortly.", retryAfter: retryAfter)
    case .connect, .transport, .status, .cancelled, .other:
      return APIError(
        status: 502, code: "upstream_error", message: "The model provider could not be reached.")
    }
  }

  var description: String {
    switch kind {
    case .connect: "connect failure"
    case .timeout: "timeout"
    case .transport: "transport failure"
    case .status(let status): "status \(status)"
    case .cancelled: "cancelled"
    case .other: "request failure"
    }
  }
}
