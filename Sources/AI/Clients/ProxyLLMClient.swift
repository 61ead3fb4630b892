import Core
import Foundation
import Networking

/// Streams chat completions through Kiln's proxy (ARCHITECTURE decision 5).
///
/// `POST {PROXY_BASE_URL}{PROXY_PATH}` with the body
/// `{"messages":[{"role","content"}…], "model"?, "temperature"?, "persona"?, "memories"?,
/// "stream": true}`
/// and nothing else: `system` messages are not sent (the proxy applies the persona's prompt,
/// named by `personaID`), nor are token limits, tools or `stream_options`, which the proxy
/// sets itself. The bearer token comes from the `HTTPClient`'s auth interceptor. The reply
/// is an OpenAI chat-completions stream; a refusal before it is
/// `{"error":{"code","message"}}`, which `ChatCompletionOutcome.appError` maps by code. The
/// `X-Free-Messages-Remaining` header arrives in the `.started` event (and in
/// `HTTPFailure.freeMessagesRemaining` on a refusal).
public struct ProxyLLMClient: ChatCompletionStreaming, LLMClient {
  /// Where the proxy is.
  public let settings: ProxySettings
  private let transport: HTTPChatTransport

  /// A client for the proxy `settings` describe.
  /// - Parameters:
  ///   - settings: base URL, path, extra headers and default model.
  ///   - httpClient: sends the requests; it carries the auth (and retry) interceptors.
  ///   - timeouts: overrides the HTTP client's timeouts for chat requests.
  ///   - limits: the longest stream line and the most reply text kept.
  ///   - logger: receives one line per failed stream under `.ai`, never message text.
  public init(
    settings: ProxySettings, httpClient: any HTTPClient, timeouts: HTTPTimeouts? = nil,
    limits: ChatStreamLimits = .standard, logger: AppLogger = .disabled
  ) {
    self.settings = settings
    transport = HTTPChatTransport(
      httpClient: httpClient, timeouts: timeouts, limits: limits, logger: logger,
      credential: .session)
  }

  /// The seed's initializer: the proxy at `baseURL` + `path`.
  public init(
    baseURL: URL, httpClient: any HTTPClient, path: String = ProxySettings.defaultPath,
    defaultHeaders: [String: String] = [:], logger: AppLogger = .disabled
  ) {
    self.init(
      settings: ProxySettings(baseURL: baseURL, path: path, defaultHeaders: defaultHeaders),
      httpClient: httpClient, logger: logger)
  }

  /// Streams the reply to `request`; see the type's summary.
  public func streamChatCompletion(_ request: ChatCompletionRequest) -> ChatCompletionStream {
    transport.stream(Result { try makeHTTPRequest(for: request) })
  }

  /// The HTTP request for `request`.
  /// - Throws: `AppError.notConfigured` when the base URL and path form no URL;
  ///   `HTTPError.invalidRequest` when the body cannot be encoded.
  func makeHTTPRequest(for request: ChatCompletionRequest) throws -> HTTPRequest {
    guard let endpoint = settings.endpoint else {
      throw AppError.notConfigured("\(AIConfiguration.Key.proxyPath): no URL with the base URL")
    }
    let body = ProxyChatBody(
      messages: request.messages.filter { $0.role != .system }.map {
        ProxyChatBody.Message(role: $0.role.rawValue, content: $0.content)
      },
      model: request.model ?? settings.model, temperature: request.temperature,
      persona: request.personaID, memories: request.memories.isEmpty ? nil : request.memories,
      stream: true)
    return try transport.request(url: endpoint, headers: settings.defaultHeaders, body: body)
  }
}

/// The proxy's request body, exactly the contract's fields; `nil` fields are left out.
struct ProxyChatBody: Encodable, Equatable {
  struct Message: Encodable, Equatable {
    var role: String
    var content: String
  }

  var messages: [Message]
  var model: ModelID?
  var temperature: Double?
  var persona: String?
  var memories: [String]?
  var stream: Bool
}
