import AI
import Auth
import Core
import FeatureChat
import Foundation
import Localization
import Networking

/// Builds what answers messages: the AI provider chosen by configuration, the HTTP clients
/// that reach it (and the payments service), and the chat tunables and free-tier policy.
enum ChatServicesBuilder {
  /// The HTTP clients of the app: one for providers and payments, one that adds the
  /// signed-in user's token for Kiln's proxy.
  struct HTTPClients {
    var provider: any HTTPClient
    var proxy: any HTTPClient
  }

  /// The HTTP clients, with the app's headers and retries; the proxy's also carries `auth`'s
  /// token.
  static func httpClients(
    auth: any AuthClient, random: RandomSource, clock: AppClock, logger: AppLogger
  ) -> HTTPClients {
    let retry = RetryInterceptor(policy: RetryPolicy(random: random))
    let headers = HeadersInterceptor(appVersion: KilnVersion.current)
    return HTTPClients(
      provider: URLSessionHTTPClient(
        baseURL: nil, interceptors: [headers, retry], clock: clock, logger: logger),
      proxy: URLSessionHTTPClient(
        baseURL: nil,
        interceptors: [
          headers, AuthInterceptor(tokenProvider: AuthTokenProvider(client: auth)), retry,
        ],
        clock: clock, logger: logger))
  }

  /// The client of the provider `ai` names, over `http`.
  static func chatClient(
    _ ai: AIConfiguration, configuration: Configuration, http: HTTPClients, clock: AppClock,
    logger: AppLogger
  ) -> any ChatClient {
    LLMClientFactory.makeClient(
      configuration: ai, proxyHTTPClient: http.proxy, providerHTTPClient: http.provider,
      clock: clock, timeouts: replyTimeouts(configuration), limits: replyLimits(configuration),
      logger: logger)
  }

  /// The AI provider for `configuration`; a rejected value becomes a configuration issue.
  /// - Throws: `ConfigurationError` naming the key and how to fix it.
  static func resolveAI(
    _ configuration: Configuration
  ) throws(ConfigurationError)
    -> AIConfiguration
  {
    do {
      return try AIConfiguration.resolve(configuration.usableValues)
    } catch {
      throw ConfigurationError(
        ConfigurationIssue(
          key: error.key, origin: configuration.entries[error.key]?.origin,
          problem: words(error.problem), fix: L10n.Setup.text(.fixAIValue, error.key)))
    }
  }

  /// What AI found wrong with a setting, in the interface language.
  static func words(_ problem: AIConfigurationError.Problem) -> String {
    switch problem {
    case .notJSON: L10n.Setup.text(.aiNotJSON)
    case .notHeaderObject: L10n.Setup.text(.aiNotHeaderObject)
    case .headerValueNotString(let name): L10n.Setup.text(.aiHeaderValueNotString, name)
    case .invalidHeaderName(let name): L10n.Setup.text(.aiInvalidHeaderName, name)
    case .pathFormsNoURL: L10n.Setup.text(.aiPathFormsNoURL)
    case .notHTTPURL: L10n.Setup.text(.aiNotHTTPURL)
    case .modelEntry(let error):
      switch error.fault {
      case .tooManyParts: L10n.Setup.text(.modelEntryTooManyParts, error.entry)
      case .emptyID: L10n.Setup.text(.modelEntryEmptyID, error.entry)
      case .contextWindowNotPositive: L10n.Setup.text(.modelEntryContextWindow, error.entry)
      }
    }
  }

  /// The free tier: `KILN_FREE_MESSAGE_LIMIT` messages, for life or (with
  /// `KILN_FREE_MESSAGE_PERIOD=day`) a day.
  static func freeTierPolicy(_ configuration: Configuration) -> FreeTierPolicy {
    let limit = configuration.positiveInteger(.freeMessageLimit) ?? kFreeMessageLimit
    let daily = configuration.value(.freeMessagePeriod)?.lowercased() == "day"
    return FreeTierPolicy(limit: limit, period: daily ? .daily : .lifetime)
  }

  /// How long a reply may take: 30 s to the response head, `KILN_STALL_TIMEOUT` (120 s)
  /// between bytes, `KILN_REPLY_TIMEOUT` (600 s) in all.
  static func replyTimeouts(_ configuration: Configuration) -> HTTPTimeouts {
    HTTPTimeouts(
      connect: HTTPTimeouts.standard.connect,
      idle: TimeInterval(configuration.positiveInteger(.stallTimeout) ?? 120),
      total: TimeInterval(configuration.positiveInteger(.replyTimeout) ?? 600))
  }

  /// How much of a reply is held: `KILN_MAX_LINE_BYTES` (1 MiB) per stream line and
  /// `KILN_MAX_REPLY_BYTES` (4 MiB) of text.
  static func replyLimits(_ configuration: Configuration) -> ChatStreamLimits {
    let standard = ChatStreamLimits.standard
    return ChatStreamLimits(
      maximumLineBytes: configuration.positiveInteger(.maximumLineBytes)
        ?? standard.maximumLineBytes,
      maximumReplyBytes: configuration.positiveInteger(.maximumReplyBytes)
        ?? standard.maximumReplyBytes)
  }

  /// The chat tunables: the catalogue's default model, `KILN_CONTEXT_BUDGET` and
  /// `KILN_MAX_PROMPT_BYTES`.
  static func chatConfiguration(
    _ configuration: Configuration, ai: AIConfiguration
  )
    -> ChatConfiguration
  {
    var chat = ChatConfiguration(model: ai.catalogue.defaultModel)
    if let budget = configuration.positiveInteger(.contextBudget) {
      chat.contextBudget = ContextBudget(promptTokens: budget)
    }
    if let bytes = configuration.positiveInteger(.maximumPromptBytes) {
      chat.maximumMessageBytes = bytes
    }
    return chat
  }
}
