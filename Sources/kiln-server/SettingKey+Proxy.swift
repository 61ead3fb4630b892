/// The AI proxy's configuration keys (issue #17 item 10), named as Supabase and the seed
/// name them where they can be (decision 22).
extension SettingKey {
  static let jwtSecret = SettingKey(
    name: "JWT_SECRET", isSecret: true,
    summary: "HS256 secret's text for access tokens (Supabase's JWT secret, 32+ ASCII bytes)")
  static let jwtJWKS = SettingKey(
    name: "JWT_JWKS", summary: "ES256/RS256 keys: a JWK set file, or an http(s) URL")
  static let jwtIssuer = SettingKey(
    name: "JWT_ISSUER", summary: "the iss access tokens must carry (unset: not checked)")
  static let jwtAudience = SettingKey(
    name: "JWT_AUDIENCE", summary: "the aud access tokens must hold (default authenticated)")
  static let allowedModels = SettingKey(
    name: "ALLOWED_MODELS", summary: "comma-separated model ids clients may ask for")
  static let defaultModel = SettingKey(
    name: "DEFAULT_MODEL", summary: "the model used when a request names none")
  static let openRouterAPIKey = SettingKey(
    name: "OPENROUTER_API_KEY", isSecret: true, summary: "OpenRouter key (the default upstream)")
  static let upstreamBaseURL = SettingKey(
    name: "UPSTREAM_BASE_URL", summary: "another OpenAI-compatible upstream, e.g. http://h/v1")
  static let upstreamAPIKey = SettingKey(
    name: "UPSTREAM_API_KEY", isSecret: true, summary: "the key UPSTREAM_BASE_URL needs")
  static let revenueCatSecretKey = SettingKey(
    name: "REVENUECAT_SECRET_KEY", isSecret: true,
    summary: "RevenueCat secret API key (unset: everyone is on the free tier)")
  static let revenueCatBaseURL = SettingKey(
    name: "REVENUECAT_BASE_URL", summary: "RevenueCat's API (default https://api.revenuecat.com)")
  static let revenueCatWebhookSecret = SettingKey(
    name: "REVENUECAT_WEBHOOK_SECRET", isSecret: true,
    summary: "Authorization value RevenueCat's webhook sends")
  static let entitlementID = SettingKey(
    name: "RC_ENTITLEMENT_ID", summary: "the entitlement that lifts the free limit (default pro)")
  static let entitlementCache = SettingKey(
    name: "ENTITLEMENT_CACHE", summary: "how long an entitlement answer is reused (default 5m)")
  static let freeMessageLimit = SettingKey(
    name: "KILN_FREE_MESSAGE_LIMIT", summary: "free messages for non-subscribers (default 10)")
  static let freePeriod = SettingKey(
    name: "KILN_FREE_PERIOD", summary: "lifetime or day (a UTC day)")
  static let rateLimit = SettingKey(
    name: "RATE_LIMIT", summary: "per-user requests as N/DURATION (default 60/60m)")
  static let databaseURL = SettingKey(
    name: "DATABASE_URL", isSecret: true,
    summary: "PostgreSQL URL (unset: SQLite under the data directory)")

  static let proxyKeys: [SettingKey] = [
    jwtSecret, jwtJWKS, jwtIssuer, jwtAudience, allowedModels, defaultModel, openRouterAPIKey,
    upstreamBaseURL, upstreamAPIKey, revenueCatSecretKey, revenueCatBaseURL,
    revenueCatWebhookSecret, entitlementID, entitlementCache, freeMessageLimit, freePeriod,
    rateLimit, databaseURL,
  ]
}
