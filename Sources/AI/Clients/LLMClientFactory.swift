import Core
import Networking

/// A client that offers both the typed event stream and the seed's text stream.
public typealias ChatClient = ChatCompletionStreaming & LLMClient

/// Builds the chat client a configuration selects; the composition root calls it once.
public enum LLMClientFactory {
  /// The client for `configuration`, logging the choice once (without secrets) under `.ai`.
  /// - Parameters:
  ///   - configuration: the result of `AIConfiguration.resolve(_:)`.
  ///   - proxyHTTPClient: the app's client with the auth and retry interceptors; used for
  ///     Kiln's proxy.
  ///   - providerHTTPClient: a client without the auth interceptor (the provider's API key
  ///     is the credential); used for direct providers.
  ///   - clock: paces the echo.
  ///   - timeouts: the chat requests' timeouts (the HTTP clients' own when `nil`).
  ///   - limits: the longest stream line and the most reply text kept.
  ///   - logger: receives the choice and failed streams.
  public static func makeClient(
    configuration: AIConfiguration,
    proxyHTTPClient: any HTTPClient,
    providerHTTPClient: any HTTPClient,
    clock: AppClock,
    timeouts: HTTPTimeouts? = nil,
    limits: ChatStreamLimits = .standard,
    logger: AppLogger
  ) -> any ChatClient {
    logger.info("LLM provider: \(configuration.logDescription)", category: .ai)
    switch configuration.provider {
    case .proxy(let settings):
      return ProxyLLMClient(
        settings: settings, httpClient: proxyHTTPClient, timeouts: timeouts, limits: limits,
        logger: logger)
    case .direct(let settings):
      return OpenAICompatibleClient(
        settings: settings, httpClient: providerHTTPClient, timeouts: timeouts, limits: limits,
        logger: logger)
    case .echo:
      return EchoLLMClient(clock: clock)
    }
  }
}
