import Backend
import Foundation
import JOSE

/// The AI proxy's configuration as plain values (issue #17 item 10), checked at start so a
/// bad value stops kiln-server with exit 2 naming its key (decisions 22, 29, 30). The
/// proxy's own configuration type is built from these once the routes are wired.
struct ProxySettings {
  /// Where answers come from.
  enum Upstream: Equatable {
    /// No upstream configured: the echo model (decision 30).
    case echo
    /// OpenRouter with `OPENROUTER_API_KEY`.
    case openRouter(apiKey: String)
    /// Any OpenAI-compatible server at `UPSTREAM_BASE_URL`, with `UPSTREAM_API_KEY` if set.
    case custom(baseURL: URL, apiKey: String?)
  }

  static let defaultModels = ProxyConfiguration.standardModels
  static let openRouterBaseURL = URL(string: "https://openrouter.ai/api/v1")

  var jwtSecret: String?
  var jwks: JWKSLocation?
  var jwtIssuer: String?
  var jwtAudience: String
  var allowedModels: [String]
  var defaultModel: String
  var upstream: Upstream
  var revenueCatSecretKey: String?
  var revenueCatBaseURL: URL
  var revenueCatWebhookSecret: String?
  var entitlementID: String
  var entitlementCache: Duration
  var freeAllowance: FreeAllowance
  var rateLimit: RateLimit
  var databaseURL: String?

  /// The judge's settings (all but the keys).
  var tokenSettings: JWKSFollowingVerifier.Settings {
    JWKSFollowingVerifier.Settings(
      hmacSecret: jwtSecret, issuer: jwtIssuer, audience: jwtAudience)
  }

  /// Reads and checks every proxy key; throws the first mistake, naming its key.
  static func resolve(
    _ resolver: inout ServerSettings.Resolver
  ) throws(ServerConfigurationError) -> ProxySettings {
    let secret = resolver.optional(.jwtSecret)
    if let secret {
      do {
        _ = try JWTSigner(hmacSecret: secret)
      } catch {
        throw resolver.failure(
          .jwtSecret, "at least 32 ASCII characters (the secret's text is the HS256 key)")
      }
    }
    let jwks = try resolver.parsed(.jwtJWKS, expected: "a JWK set file or an http(s) URL") {
      value throws(ValueProblem) in try jwksLocation(value)
    }
    let issuer = resolver.optional(.jwtIssuer)
    let audience = try resolver.text(.jwtAudience, default: "authenticated")
    let models =
      try resolver.parsed(
        .allowedModels, expected: "comma-separated model ids",
        defaultText: defaultModels.joined(separator: ",")
      ) { value throws(ValueProblem) in try modelList(value) } ?? defaultModels
    let defaultModel = try resolver.text(.defaultModel, default: models[0])
    guard models.contains(defaultModel) else {
      throw resolver.failure(
        .defaultModel, "one of ALLOWED_MODELS (\(models.joined(separator: ",")))")
    }
    let upstream = try resolveUpstream(&resolver)
    let revenueCatKey = resolver.optional(.revenueCatSecretKey)
    let revenueCatURL =
      try resolver.parsed(
        .revenueCatBaseURL, expected: "an http(s) URL",
        defaultText: RevenueCatEntitlements.defaultBaseURL.absoluteString
      ) { value throws(ValueProblem) in try httpURL(value) }
      ?? RevenueCatEntitlements.defaultBaseURL
    let webhookSecret = resolver.optional(.revenueCatWebhookSecret)
    if webhookSecret != nil, revenueCatKey == nil {
      throw resolver.failure(
        .revenueCatWebhookSecret,
        "set together with REVENUECAT_SECRET_KEY (the webhook only "
          + "matters when RevenueCat decides entitlements)")
    }
    let entitlementID = try resolver.text(.entitlementID, default: "pro")
    let cache = try resolver.duration(
      .entitlementCache, default: .seconds(Int64(RevenueCatEntitlements.defaultCacheDuration)),
      allowsZero: true)
    let limit = try resolver.integer(.freeMessageLimit, default: 10, in: 0...1_000_000)
    let periodName = try resolver.choice(.freePeriod, default: "lifetime", in: ["lifetime", "day"])
    let rateLimit =
      try resolver.parsed(
        .rateLimit, expected: "N/DURATION such as 60/60m (N[s|m|h|d])", defaultText: "60/60m"
      ) { value throws(ValueProblem) in try parseRateLimit(value) }
      ?? RateLimit(count: 60, period: 3600)
    let databaseURL = try resolver.parsed(
      .databaseURL, expected: "a postgres:// or postgresql:// URL"
    ) { value throws(ValueProblem) in try postgresURL(value) }
    guard let rateLimit,
      let allowance = FreeAllowance(
        limit: limit, period: FreePeriod(rawValue: periodName) ?? .lifetime)
    else { throw resolver.failure(.rateLimit, "N/DURATION such as 60/60m") }
    return ProxySettings(
      jwtSecret: secret, jwks: jwks, jwtIssuer: issuer, jwtAudience: audience,
      allowedModels: models, defaultModel: defaultModel, upstream: upstream,
      revenueCatSecretKey: revenueCatKey, revenueCatBaseURL: revenueCatURL,
      revenueCatWebhookSecret: webhookSecret, entitlementID: entitlementID,
      entitlementCache: cache, freeAllowance: allowance, rateLimit: rateLimit,
      databaseURL: databaseURL)
  }

  private static func resolveUpstream(
    _ resolver: inout ServerSettings.Resolver
  ) throws(ServerConfigurationError) -> Upstream {
    let openRouterKey = resolver.optional(.openRouterAPIKey)
    let baseURL = try resolver.parsed(.upstreamBaseURL, expected: "an http(s) URL") {
      value throws(ValueProblem) in try httpURL(value)
    }
    let upstreamKey = resolver.optional(.upstreamAPIKey)
    switch (openRouterKey, baseURL) {
    case (.some, .some):
      throw resolver.failure(
        .upstreamBaseURL, "unset when OPENROUTER_API_KEY is set (choose one upstream)")
    case (.some(let key), nil):
      guard upstreamKey == nil else {
        throw resolver.failure(.upstreamAPIKey, "unset unless UPSTREAM_BASE_URL is set")
      }
      return .openRouter(apiKey: key)
    case (nil, .some(let url)):
      return .custom(baseURL: url, apiKey: upstreamKey)
    case (nil, nil):
      guard upstreamKey == nil else {
        throw resolver.failure(.upstreamAPIKey, "unset unless UPSTREAM_BASE_URL is set")
      }
      return .echo
    }
  }
}
