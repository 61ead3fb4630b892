import Foundation

/// How to reach Kiln's proxy (ARCHITECTURE decision 5).
public struct ProxySettings: Sendable, Equatable {
  /// The proxy's base URL, e.g. `https://<ref>.supabase.co/functions/v1`.
  public var baseURL: URL
  /// The path joined to it, starting with `/`; `/ai` by default.
  public var path: String
  /// Extra headers sent with every request (for example Supabase's `apikey`).
  public var defaultHeaders: [String: String]
  /// The model to ask for when the request names none; `nil` lets the proxy choose.
  public var model: ModelID?

  /// The default path: the seed's Edge Function name.
  public static let defaultPath = "/ai"

  /// Settings with the given parts; `path` gets a leading `/` when it has none.
  public init(
    baseURL: URL, path: String = ProxySettings.defaultPath,
    defaultHeaders: [String: String] = [:], model: ModelID? = nil
  ) {
    self.baseURL = baseURL
    self.path = path.hasPrefix("/") ? path : "/" + path
    self.defaultHeaders = defaultHeaders
    self.model = model
  }

  /// `baseURL` and `path` joined (one `/` between them), or `nil` when that is no URL.
  public var endpoint: URL? {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    return URL(string: base + path)
  }

  /// Settings from configuration values, or `nil` when `PROXY_BASE_URL` is unset, a
  /// placeholder or not an http(s) URL.
  init?(_ values: ConfigurationValues, model: ModelID?) throws(AIConfigurationError) {
    typealias Key = AIConfiguration.Key
    guard let text = values[Key.proxyBaseURL], let baseURL = ConfigurationValues.httpURL(text)
    else { return nil }
    self.init(
      baseURL: baseURL, path: values[Key.proxyPath] ?? Self.defaultPath,
      defaultHeaders: try values.headers(Key.proxyDefaultHeaders), model: model)
    guard endpoint != nil else {
      throw AIConfigurationError(key: Key.proxyPath, problem: .pathFormsNoURL)
    }
  }
}
