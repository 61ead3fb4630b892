import Core
import Foundation
import Networking

/// Streams chat completions from any OpenAI-compatible provider: OpenAI, OpenRouter,
/// Groq, Together, a LiteLLM proxy, or a local Ollama, LM Studio or llama.cpp server.
///
/// It POSTs to `settings.endpoint` (the base URL with `/chat/completions` appended; see
/// `DirectProviderSettings.endpoint`) with the API key as a bearer token when there is one,
/// the default headers, `Accept: text/event-stream`, and a body of the messages (system
/// prompt included), the model (request's, else the configured one, else none),
/// `temperature`, `max_tokens`, `tools`, `"stream": true` and, unless the request turns it
/// off, `"stream_options": {"include_usage": true}`. Give it an `HTTPClient` without the
/// app's auth interceptor: the provider's key is the credential here.
public struct OpenAICompatibleClient: ChatCompletionStreaming, LLMClient {
  /// Where and how to reach the provider.
  public let settings: DirectProviderSettings
  private let transport: HTTPChatTransport

  /// A client for the provider `settings` describe.
  /// - Parameters:
  ///   - settings: base URL, key, headers and default model.
  ///   - httpClient: sends the requests (its retry interceptor applies before the stream).
  ///   - timeouts: overrides the HTTP client's timeouts for chat requests.
  ///   - limits: the longest stream line and the most reply text kept.
  ///   - logger: receives one line per failed stream under `.ai`, never message text.
  public init(
    settings: DirectProviderSettings, httpClient: any HTTPClient,
    timeouts: HTTPTimeouts? = nil, limits: ChatStreamLimits = .standard,
    logger: AppLogger = .disabled
  ) {
    self.settings = settings
    transport = HTTPChatTransport(
      httpClient: httpClient, timeouts: timeouts, limits: limits, logger: logger,
      credential: .apiKey)
  }

  /// A client for the provider at `baseURL`; see `DirectProviderSettings`.
  public init(
    baseURL: URL, apiKey: String? = nil, defaultHeaders: [String: String] = [:],
    model: ModelID? = nil, httpClient: any HTTPClient, logger: AppLogger = .disabled
  ) {
    self.init(
      settings: DirectProviderSettings(
        baseURL: baseURL, apiKey: apiKey, defaultHeaders: defaultHeaders, model: model),
      httpClient: httpClient, logger: logger)
  }

  /// Streams the reply to `request`; see the type's summary.
  public func streamChatCompletion(_ request: ChatCompletionRequest) -> ChatCompletionStream {
    transport.stream(Result { try makeHTTPRequest(for: request) })
  }

  /// The HTTP request for `request`.
  /// - Throws: `HTTPError.invalidRequest` when the body cannot be encoded.
  func makeHTTPRequest(for request: ChatCompletionRequest) throws -> HTTPRequest {
    let body = OpenAIChatBody(
      request: request, model: request.model ?? settings.model, stream: true)
    let httpRequest = try transport.request(
      url: settings.endpoint, headers: settings.defaultHeaders, body: body)
    guard let apiKey = settings.apiKey else { return httpRequest }
    return httpRequest.withHeader("Authorization", "Bearer \(apiKey)")
  }
}
