import Core
import Foundation

/// Which chat client the app uses and with what settings, chosen from configuration values.
///
/// `resolve(_:)` is a pure function over the merged key → value pairs the composition root
/// reads from the environment and the config file. In order:
/// 1. a real `PROXY_BASE_URL` selects Kiln's proxy at `PROXY_BASE_URL` + `PROXY_PATH`
///    (default `/ai`) with the headers in `PROXY_DEFAULT_HEADERS`;
/// 2. else `OPENAI_BASE_URL` or `OPENAI_API_KEY` selects a direct OpenAI-compatible
///    provider (see `DirectProviderSettings`);
/// 3. else the echo.
///
/// A value that is empty, contains `YOUR`, or contains `placeholder` (any case) counts as
/// unset, and so does a `PROXY_BASE_URL` that is not an absolute http(s) URL, as in the
/// seed. A value that is set but wrong (headers that are not a JSON object of strings, an
/// unusable `OPENAI_BASE_URL`, a bad `KILN_MODELS` entry) is an `AIConfigurationError`
/// naming the key, never a silent default.
public struct AIConfiguration: Sendable, Equatable {
  /// The configuration keys this type reads.
  public enum Key {
    /// The proxy's base URL, e.g. `https://<ref>.supabase.co/functions/v1`.
    public static let proxyBaseURL = "PROXY_BASE_URL"
    /// The proxy's path under the base URL; `/ai` when unset.
    public static let proxyPath = "PROXY_PATH"
    /// A JSON object of extra headers for the proxy, e.g. `{"apikey":"…"}`.
    public static let proxyDefaultHeaders = "PROXY_DEFAULT_HEADERS"
    /// A direct provider's base URL, with or without `/v1`.
    public static let openAIBaseURL = "OPENAI_BASE_URL"
    /// A direct provider's API key.
    public static let openAIAPIKey = "OPENAI_API_KEY"
    /// A JSON object of extra headers for a direct provider.
    public static let openAIDefaultHeaders = "OPENAI_DEFAULT_HEADERS"
    /// The model to ask for when the user picked none.
    public static let model = "KILN_MODEL"
    /// More models to offer; see `ModelCatalogue.parseList(_:)`.
    public static let models = "KILN_MODELS"
  }

  /// The selected client.
  public enum Provider: Sendable, Equatable {
    /// Kiln's proxy (ARCHITECTURE decision 5).
    case proxy(ProxySettings)
    /// An OpenAI-compatible provider called directly.
    case direct(DirectProviderSettings)
    /// The echo; `reason` says why no provider was selected.
    case echo(reason: EchoReason)
  }

  /// The selected client and its settings.
  public var provider: Provider
  /// The models to offer, with the default one.
  public var catalogue: ModelCatalogue

  /// A configuration with the given parts.
  public init(provider: Provider, catalogue: ModelCatalogue) {
    self.provider = provider
    self.catalogue = catalogue
  }

  /// Chooses the client from `values`; see the type's summary.
  /// - Throws: `AIConfigurationError` for a value that is set but cannot be used.
  public static func resolve(
    _ values: [String: String]
  ) throws(AIConfigurationError) -> AIConfiguration {
    let reader = ConfigurationValues(values)
    let model = reader[Key.model].map(ModelID.init(rawValue:))
    let extraModels: [ModelInfo]
    do {
      extraModels = try reader[Key.models].map(ModelCatalogue.parseList) ?? []
    } catch {
      throw AIConfigurationError(key: Key.models, problem: .modelEntry(error))
    }
    if let proxy = try ProxySettings(reader, model: model) {
      var catalogue = ModelCatalogue.defaults.extended(with: extraModels).including(model)
      if let model { catalogue.defaultModel = model }
      return AIConfiguration(provider: .proxy(proxy), catalogue: catalogue)
    }
    if let direct = try DirectProviderSettings(reader, model: model, extraModels: extraModels) {
      var catalogue: ModelCatalogue
      switch direct.kind {
      case .openAI: catalogue = ModelCatalogue.openAI.extended(with: extraModels)
      case .openRouter: catalogue = ModelCatalogue.defaults.extended(with: extraModels)
      case .local, .custom:
        catalogue = ModelCatalogue(models: extraModels, defaultModel: nil)
      }
      catalogue.defaultModel = direct.model
      return AIConfiguration(
        provider: .direct(direct), catalogue: catalogue.including(direct.model))
    }
    let reason: EchoReason =
      reader.wasPlaceholder(Key.proxyBaseURL)
      ? .placeholder(key: Key.proxyBaseURL)
      : reader.raw(Key.proxyBaseURL) != nil
        ? .notHTTPURL(key: Key.proxyBaseURL)
        : .nothingSet(keys: [Key.proxyBaseURL, Key.openAIBaseURL, Key.openAIAPIKey])
    return AIConfiguration(provider: .echo(reason: reason), catalogue: .echo)
  }
}

extension ModelCatalogue {
  /// The catalogue with `model` listed (at the end) when it is not already.
  func including(_ model: ModelID?) -> ModelCatalogue {
    guard let model else { return self }
    var copy = self
    copy.add(ModelInfo(id: model), replacing: false)
    if copy.defaultModel == nil { copy.defaultModel = model }
    return copy
  }
}

/// A configuration value that is set but cannot be used.
public struct AIConfigurationError: Error, Equatable, Sendable, CustomStringConvertible,
  AppErrorConvertible
{
  /// What can be wrong with a value (never the value itself, which may be secret).
  public enum Problem: Equatable, Sendable {
    /// A headers setting that is not JSON.
    case notJSON
    /// A headers setting that is JSON but not an object.
    case notHeaderObject
    /// A header whose value is not a string.
    case headerValueNotString(name: String)
    /// A header name with characters a field name cannot have.
    case invalidHeaderName(name: String)
    /// A path that does not form a URL with the base URL.
    case pathFormsNoURL
    /// A base URL that is not http or https.
    case notHTTPURL
    /// A model list entry that cannot be read.
    case modelEntry(ModelCatalogue.ListError)
  }

  /// The configuration key with the bad value.
  public let key: String
  /// What is wrong with it.
  public let problem: Problem

  /// An error for `key`.
  public init(key: String, problem: Problem) {
    self.key = key
    self.problem = problem
  }

  /// What is wrong, in English (for the log and the description); the composition root words
  /// `problem` in the interface language.
  public var reason: String {
    switch problem {
    case .notJSON: "is not valid JSON"
    case .notHeaderObject: "must be a JSON object of header names to strings"
    case .headerValueNotString(let name): "the value of \"\(name)\" is not a string"
    case .invalidHeaderName(let name): "\"\(name)\" is not a valid header name"
    case .pathFormsNoURL: "does not form a URL with the base URL"
    case .notHTTPURL: "is not an http(s) URL"
    case .modelEntry(let error): error.description
    }
  }

  /// `KEY: reason`.
  public var description: String { "\(key): \(reason)" }

  /// `.notConfigured` naming the key and the problem.
  public var appError: AppError { .notConfigured(description) }
}
