import Foundation
import Networking

/// Everything the AI proxy is configured with, validated once when it is made: a value
/// that exists is a value the proxy can run with (decision 22: a bad value names its key).
///
/// Defaults: the models `openai/gpt-3.5-turbo` (the default) and `openai/gpt-4o-mini`,
/// `max_tokens` 1,024, 60 requests per 60 minutes, 10 free messages for life, the message
/// and memory bounds of `MessageBounds.standard` and `MemoryBounds.standard`, no personas,
/// no upstream (the echo model answers, decision 30), a keep-alive comment after 15 s of
/// upstream silence, and two retries before the first byte.
public struct ProxyConfiguration: Sendable {
  /// The configuration keys errors name, as `kiln-server` reads them.
  public enum Key {
    /// Comma-separated model ids, matched exactly (suffixes such as `:free` included).
    public static let allowedModels = "ALLOWED_MODELS"
    /// The model used when a request names none.
    public static let defaultModel = "DEFAULT_MODEL"
    /// `alias=model` pairs, comma-separated.
    public static let modelAliases = "MODEL_ALIASES"
    /// The `max_tokens` every upstream request carries.
    public static let maxTokens = "PROXY_MAX_TOKENS"
    /// The most messages one request may carry.
    public static let maxMessages = "PROXY_MAX_MESSAGES"
    /// The most characters one message may hold.
    public static let maxMessageCharacters = "PROXY_MAX_MESSAGE_CHARACTERS"
    /// The most characters all messages together may hold.
    public static let maxTotalCharacters = "PROXY_MAX_TOTAL_CHARACTERS"
    /// The largest request body, in bytes.
    public static let maxBodyBytes = "PROXY_MAX_BODY_BYTES"
    /// Free messages for a user without the entitlement.
    public static let freeMessageLimit = "KILN_FREE_MESSAGE_LIMIT"
    /// The server's personas (id to system prompt).
    public static let personas = "PERSONAS"
    /// The most memories one request may carry.
    public static let maxMemories = "PROXY_MAX_MEMORIES"
    /// The most characters one memory may hold.
    public static let maxMemoryCharacters = "PROXY_MAX_MEMORY_CHARACTERS"
    /// The OpenAI-compatible upstream's base URL (ending before `/chat/completions`).
    public static let upstreamBaseURL = "UPSTREAM_BASE_URL"
    /// The upstream's API key, sent as `Authorization: Bearer`.
    public static let upstreamAPIKey = "UPSTREAM_API_KEY"
    /// The upstream silence after which a `: keep-alive` comment is sent.
    public static let keepAliveInterval = "PROXY_KEEP_ALIVE"
    /// How many times an upstream request is retried before its first byte.
    public static let upstreamRetries = "UPSTREAM_RETRIES"
  }

  /// Bounds on a request's conversation (decision 20: each has a documented default).
  public struct MessageBounds: Sendable, Hashable {
    /// The most messages (default 200).
    public var maximumMessages: Int
    /// The most characters (Unicode scalars) in one message (default 32,000).
    public var maximumCharactersPerMessage: Int
    /// The most characters in all messages together (default 200,000).
    public var maximumTotalCharacters: Int
    /// The largest body, in bytes (default 1 MiB); larger bodies get 413 `too_large`.
    public var maximumBodyBytes: Int

    /// Bounds with every part given.
    public init(
      maximumMessages: Int, maximumCharactersPerMessage: Int, maximumTotalCharacters: Int,
      maximumBodyBytes: Int
    ) {
      self.maximumMessages = maximumMessages
      self.maximumCharactersPerMessage = maximumCharactersPerMessage
      self.maximumTotalCharacters = maximumTotalCharacters
      self.maximumBodyBytes = maximumBodyBytes
    }

    /// 200 messages, 32,000 characters each, 200,000 in all, 1 MiB of body: a long chat
    /// fits, a pasted book does not.
    public static let standard = MessageBounds(
      maximumMessages: 200, maximumCharactersPerMessage: 32_000,
      maximumTotalCharacters: 200_000, maximumBodyBytes: 1 << 20)
  }

  /// Bounds on the memories a request carries into the system prompt.
  public struct MemoryBounds: Sendable, Hashable {
    /// The most memories (default 50).
    public var maximumCount: Int
    /// The most characters (Unicode scalars) in one memory (default 500).
    public var maximumCharacters: Int

    /// Bounds with both parts given.
    public init(maximumCount: Int, maximumCharacters: Int) {
      self.maximumCount = maximumCount
      self.maximumCharacters = maximumCharacters
    }

    /// 50 memories of at most 500 characters each.
    public static let standard = MemoryBounds(maximumCount: 50, maximumCharacters: 500)
  }

  /// An OpenAI-compatible provider (OpenRouter, OpenAI, a local server).
  public struct Upstream: Sendable {
    /// The base URL; requests go to `<base>/chat/completions`.
    public var baseURL: URL {
      didSet { chatCompletionsURL = Self.chatCompletions(under: baseURL) }
    }
    /// The key sent as `Authorization: Bearer`; never logged, never shown. `nil` for a
    /// local server that wants none (llama.cpp, Ollama).
    public var apiKey: String?
    /// How long to wait for the upstream's head and between its chunks.
    public var timeouts: HTTPTimeouts

    /// An upstream with every part given.
    public init(baseURL: URL, apiKey: String?, timeouts: HTTPTimeouts = .standard) {
      self.baseURL = baseURL
      self.apiKey = apiKey
      self.timeouts = timeouts
      chatCompletionsURL = Self.chatCompletions(under: baseURL)
    }

    /// Where chat completions are posted (made once, not for every request).
    public private(set) var chatCompletionsURL: URL

    private static func chatCompletions(under baseURL: URL) -> URL {
      baseURL.appendingPathComponent("chat/completions")
    }
  }

  /// The models clients may ask for, exactly as spelled, in the order `/v1/models` lists them.
  public let allowedModels: [String]
  /// Other names for allowed models (`fast` → `openai/gpt-4o-mini`).
  public let modelAliases: [String: String]
  /// The model used when a request names none.
  public let defaultModel: String
  /// The `max_tokens` every upstream request carries (clients cannot raise it).
  public let maxTokens: Int
  /// Every user's rate limit, or `nil` for none.
  public let rateLimit: RateLimit?
  /// What a user without the entitlement may send.
  public let freeAllowance: FreeAllowance
  /// The server's personas: id → system prompt.
  public let personas: [String: String]
  /// Bounds on the conversation and the body.
  public let messageBounds: MessageBounds
  /// Bounds on the memories.
  public let memoryBounds: MemoryBounds
  /// The provider, or `nil` for the echo model.
  public let upstream: Upstream?
  /// The upstream silence after which a `: keep-alive` comment is sent.
  public let keepAliveInterval: Duration
  /// Retries before the first upstream byte (connect failures, 429 and 5xx only).
  public let retryBudget: Int
  /// The first retry's wait; each later one waits twice as long.
  public let retryBaseDelay: Duration
  /// The longest `Retry-After` the proxy waits out itself; a longer one goes to the client.
  public let maximumRetryDelay: Duration

  /// The built-in model list.
  public static let standardModels = ["openai/gpt-3.5-turbo", "openai/gpt-4o-mini"]
  /// The `max_tokens` the server sets unless configured.
  public static let defaultMaxTokens = 1024
  /// Upstream silence before a `: keep-alive` comment, unless configured.
  public static let defaultKeepAliveInterval = Duration.seconds(15)
  /// Retries before the first byte, unless configured.
  public static let defaultRetryBudget = 2

  /// A configuration; every part has the default the type's summary gives.
  /// - Throws: `ProxyConfigurationError` naming the key of the first bad value.
  public init(
    allowedModels: [String] = ProxyConfiguration.standardModels,
    modelAliases: [String: String] = [:],
    defaultModel: String? = nil,
    maxTokens: Int = ProxyConfiguration.defaultMaxTokens,
    rateLimit: RateLimit? = RateLimit(count: 60, period: 3600),
    freeMessageLimit: Int = 10,
    freePeriod: FreePeriod = .lifetime,
    personas: [String: String] = [:],
    messageBounds: MessageBounds = .standard,
    memoryBounds: MemoryBounds = .standard,
    upstream: Upstream? = nil,
    keepAliveInterval: Duration = ProxyConfiguration.defaultKeepAliveInterval,
    retryBudget: Int = ProxyConfiguration.defaultRetryBudget,
    retryBaseDelay: Duration = .milliseconds(250),
    maximumRetryDelay: Duration = .seconds(2)
  ) throws(ProxyConfigurationError) {
    try Self.validate(models: allowedModels, aliases: modelAliases, default: defaultModel)
    try Self.validate(personas: personas)
    try Self.validate(bounds: messageBounds, memories: memoryBounds, maxTokens: maxTokens)
    if let upstream { try Self.validate(upstream: upstream) }
    guard let freeAllowance = FreeAllowance(limit: freeMessageLimit, period: freePeriod) else {
      throw ProxyConfigurationError(key: Key.freeMessageLimit, reason: "must be 0 or more")
    }
    guard keepAliveInterval > .zero else {
      throw ProxyConfigurationError(key: Key.keepAliveInterval, reason: "must be positive")
    }
    guard (0...5).contains(retryBudget) else {
      throw ProxyConfigurationError(key: Key.upstreamRetries, reason: "must be 0 to 5")
    }
    self.allowedModels = allowedModels
    self.modelAliases = modelAliases
    self.defaultModel = defaultModel ?? allowedModels[0]
    self.maxTokens = maxTokens
    self.rateLimit = rateLimit
    self.freeAllowance = freeAllowance
    self.personas = personas
    self.messageBounds = messageBounds
    self.memoryBounds = memoryBounds
    self.upstream = upstream
    self.keepAliveInterval = keepAliveInterval
    self.retryBudget = retryBudget
    self.retryBaseDelay = retryBaseDelay
    self.maximumRetryDelay = maximumRetryDelay
  }

  /// The allowed model `requested` names (itself, or the model an alias stands for), the
  /// default for `nil`, or `nil` when it is not allowed. Matching is exact: no case folding,
  /// no trimming, and a variant suffix (`:free`, `:nitro`) is part of the name.
  public func resolveModel(_ requested: String?) -> String? {
    guard let requested else { return defaultModel }
    if allowedModels.contains(requested) { return requested }
    return modelAliases[requested]
  }
}

/// A configuration value the proxy cannot run with.
public struct ProxyConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The configuration key holding the bad value.
  public var key: String
  /// What is wrong with it (never the value itself: it may be a secret).
  public var reason: String

  /// An error naming `key`.
  public init(key: String, reason: String) {
    self.key = key
    self.reason = reason
  }

  /// `KEY: reason`, for the exit-2 message.
  public var description: String { "\(key): \(reason)" }
}
