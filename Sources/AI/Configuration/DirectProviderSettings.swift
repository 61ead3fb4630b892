import Foundation

/// How to reach an OpenAI-compatible provider directly.
///
/// From configuration: `OPENAI_BASE_URL` names the provider (a whole base URL, with or
/// without `/v1`; see `endpoint`). Without it, an
/// `OPENAI_API_KEY` selects OpenAI (`https://api.openai.com/v1`), or OpenRouter
/// (`https://openrouter.ai/api/v1`) when the key starts with `sk-or-`. A local server
/// (Ollama `http://localhost:11434/v1`, LM Studio `http://localhost:1234/v1`, llama.cpp
/// `http://localhost:8080/v1`) needs no key. `KILN_MODEL` picks the model; without it
/// OpenAI uses `gpt-4o-mini`, OpenRouter the seed's `openai/gpt-3.5-turbo`, and other
/// servers the first `KILN_MODELS` entry or, failing that, no `model` field at all (servers
/// that need one answer 400, which the app shows). OpenRouter also gets an `X-Title: Kiln`
/// header; `OPENAI_DEFAULT_HEADERS` adds or overrides headers (`HTTP-Referer` for one).
public struct DirectProviderSettings: Sendable, Equatable {
  /// What kind of server the base URL points at, judged by its host.
  public enum Kind: String, Sendable, Equatable {
    /// `api.openai.com`.
    case openAI = "OpenAI"
    /// `openrouter.ai`.
    case openRouter = "OpenRouter"
    /// A server on this machine (Ollama, LM Studio, llama.cpp server).
    case local = "local server"
    /// Any other OpenAI-compatible server.
    case custom = "OpenAI-compatible server"
  }

  /// OpenAI's API base URL.
  static let openAIBaseURL = URL(string: "https://api.openai.com/v1")
  /// OpenRouter's API base URL.
  static let openRouterBaseURL = URL(string: "https://openrouter.ai/api/v1")

  /// The provider's base URL.
  public var baseURL: URL
  /// The API key sent as a bearer token; `nil` for servers that need none.
  public var apiKey: String?
  /// Extra headers sent with every request.
  public var defaultHeaders: [String: String]
  /// The model to ask for when the request names none; `nil` sends no `model` field.
  public var model: ModelID?

  /// Settings with the given parts.
  public init(
    baseURL: URL, apiKey: String? = nil, defaultHeaders: [String: String] = [:],
    model: ModelID? = nil
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.defaultHeaders = defaultHeaders
    self.model = model
  }

  /// The chat-completions URL: `/chat/completions` appended to the base URL's path (after
  /// any trailing `/`), its query kept; a base URL that already ends in
  /// `/chat/completions` is used as it is. So `https://api.openai.com/v1` gives
  /// `https://api.openai.com/v1/chat/completions`, and a LiteLLM root `http://localhost:4000`
  /// gives `http://localhost:4000/chat/completions`: the base URL says whether there is a
  /// `/v1`, nothing is guessed.
  public var endpoint: URL {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
      return baseURL.appendingPathComponent("chat/completions")
    }
    var path = components.path
    while path.hasSuffix("/") { path.removeLast() }
    if !path.hasSuffix("/chat/completions") { path += "/chat/completions" }
    components.path = path
    return components.url ?? baseURL.appendingPathComponent("chat/completions")
  }

  /// The kind of server, judged by the base URL's host.
  public var kind: Kind { Self.kind(of: baseURL) }

  /// The kind of server at `url`.
  public static func kind(of url: URL) -> Kind {
    let host = (url.host ?? "").lowercased()
    if host == "api.openai.com" { return .openAI }
    if host == "openrouter.ai" || host.hasSuffix(".openrouter.ai") { return .openRouter }
    if host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]"
      || host.hasSuffix(".localhost")
    {
      return .local
    }
    return .custom
  }

  /// Settings from configuration values, or `nil` when neither a base URL nor a key is set.
  init?(
    _ values: ConfigurationValues, model: ModelID?, extraModels: [ModelInfo]
  ) throws(AIConfigurationError) {
    typealias Key = AIConfiguration.Key
    let apiKey = values[Key.openAIAPIKey]
    let baseURL: URL
    if let text = values[Key.openAIBaseURL] {
      guard let url = ConfigurationValues.httpURL(text) else {
        throw AIConfigurationError(key: Key.openAIBaseURL, problem: .notHTTPURL)
      }
      baseURL = url
    } else if let apiKey,
      let url = apiKey.hasPrefix("sk-or-")
        ? Self.openRouterBaseURL : Self.openAIBaseURL
    {
      baseURL = url
    } else {
      return nil
    }
    self.init(baseURL: baseURL, apiKey: apiKey)
    switch kind {
    case .openAI: self.model = model ?? "gpt-4o-mini"
    case .openRouter:
      self.model = model ?? .gpt35Turbo
      defaultHeaders["X-Title"] = "Kiln"
    case .local, .custom: self.model = model ?? extraModels.first?.id
    }
    defaultHeaders.merge(try values.headers(Key.openAIDefaultHeaders)) { $1 }
  }
}
