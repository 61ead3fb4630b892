import Core
import Foundation
import Networking

/// The one streaming path of the HTTP chat clients: how a chat request is built and sent,
/// and how its response becomes `ChatStreamEvent`s.
///
/// `OpenAICompatibleClient` and `ProxyLLMClient` differ only in the URL, the body and the
/// credential; everything from the `Accept` header to the decoder's limits and the failure
/// log is here, so a fix to one client's stream is a fix to both.
struct HTTPChatTransport: Sendable {
  /// Sends the requests.
  let httpClient: any HTTPClient
  /// Overrides the HTTP client's timeouts for chat requests.
  let timeouts: HTTPTimeouts?
  /// The longest stream line and the most reply text kept.
  let limits: ChatStreamLimits
  /// Receives one line per failed stream under `.ai`, never message text.
  let logger: AppLogger
  /// What the requests authenticate with, for what a refusal means.
  let credential: HTTPFailure.Credential

  /// A POST of `body` as JSON to `url` that asks for an event stream, with `headers` and the
  /// chat timeouts.
  /// - Throws: `HTTPError.invalidRequest` when the body cannot be encoded.
  func request(
    url: URL, headers: [String: String], body: some Encodable
  ) throws -> HTTPRequest {
    var httpRequest = try HTTPRequest(url: url, method: .post)
      .withHeaders(HTTPHeaders(headers))
      .withHeader("Accept", "text/event-stream")
      .withJSONBody(body, encoder: OpenAIChatBody.encoder)
    if let timeouts { httpRequest = httpRequest.withTimeouts(timeouts) }
    return httpRequest
  }

  /// The events of the reply to `httpRequest`; nothing is sent until the stream is
  /// iterated, and a request that could not be built ends the stream as a failure.
  func stream(_ httpRequest: Result<HTTPRequest, any Error>) -> ChatCompletionStream {
    let httpClient = httpClient
    let logger = logger
    let limits = limits
    let credential = credential
    return ChatCompletionStream {
      HTTPChatEventSource(logger: logger, limits: limits, credential: credential) {
        try await httpClient.stream(httpRequest.get())
      }
    }
  }
}
