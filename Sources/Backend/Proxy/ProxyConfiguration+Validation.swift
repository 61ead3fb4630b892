import Foundation

extension ProxyConfiguration {
  static func validate(
    models: [String], aliases: [String: String], default defaultModel: String?
  ) throws(ProxyConfigurationError) {
    guard !models.isEmpty else {
      throw ProxyConfigurationError(key: Key.allowedModels, reason: "names no model")
    }
    for model in models where !isModelID(model) {
      throw ProxyConfigurationError(
        key: Key.allowedModels, reason: "a model id is empty or holds spaces or commas")
    }
    guard Set(models).count == models.count else {
      throw ProxyConfigurationError(key: Key.allowedModels, reason: "names a model twice")
    }
    if let defaultModel, !models.contains(defaultModel) {
      throw ProxyConfigurationError(key: Key.defaultModel, reason: "is not an allowed model")
    }
    for (alias, target) in aliases {
      guard isModelID(alias), !models.contains(alias) else {
        throw ProxyConfigurationError(
          key: Key.modelAliases, reason: "an alias is empty, malformed or an allowed model")
      }
      guard models.contains(target) else {
        throw ProxyConfigurationError(
          key: Key.modelAliases, reason: "an alias stands for a model that is not allowed")
      }
    }
  }

  static func validate(personas: [String: String]) throws(ProxyConfigurationError) {
    for (id, prompt) in personas {
      guard isModelID(id) else {
        throw ProxyConfigurationError(key: Key.personas, reason: "a persona id is malformed")
      }
      guard !prompt.allSatisfy(\.isWhitespace) else {
        throw ProxyConfigurationError(key: Key.personas, reason: "a persona has no prompt")
      }
    }
  }

  static func validate(
    bounds: MessageBounds, memories: MemoryBounds, maxTokens: Int
  ) throws(ProxyConfigurationError) {
    let positive: [(String, Int)] = [
      (Key.maxTokens, maxTokens),
      (Key.maxMessages, bounds.maximumMessages),
      (Key.maxMessageCharacters, bounds.maximumCharactersPerMessage),
      (Key.maxTotalCharacters, bounds.maximumTotalCharacters),
      (Key.maxBodyBytes, bounds.maximumBodyBytes),
      (Key.maxMemoryCharacters, memories.maximumCharacters),
    ]
    for (key, value) in positive where value <= 0 {
      throw ProxyConfigurationError(key: key, reason: "must be positive")
    }
    guard memories.maximumCount >= 0 else {
      throw ProxyConfigurationError(key: Key.maxMemories, reason: "must be 0 or more")
    }
  }

  static func validate(upstream: Upstream) throws(ProxyConfigurationError) {
    let scheme = upstream.baseURL.scheme?.lowercased()
    guard scheme == "https" || scheme == "http", upstream.baseURL.host?.isEmpty == false else {
      throw ProxyConfigurationError(key: Key.upstreamBaseURL, reason: "is not an http(s) URL")
    }
    guard upstream.baseURL.query == nil else {
      throw ProxyConfigurationError(key: Key.upstreamBaseURL, reason: "must not have a query")
    }
    guard let key = upstream.apiKey else { return }
    guard !key.isEmpty, !key.contains(where: { $0.isWhitespace || $0.isNewline }) else {
      throw ProxyConfigurationError(key: Key.upstreamAPIKey, reason: "is empty or holds spaces")
    }
    // Decision 30: a placeholder is a configuration error, never a key to send.
    if key.contains("YOUR") || key.lowercased().contains("placeholder") {
      throw ProxyConfigurationError(key: Key.upstreamAPIKey, reason: "is a placeholder")
    }
  }

  /// A model id, alias or persona id: non-empty, printable ASCII without spaces or commas.
  static func isModelID(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ",") }
  }
}
