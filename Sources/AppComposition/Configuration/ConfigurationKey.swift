/// A configuration key Kiln understands, with what `kiln config` and validation need to know.
public struct ConfigurationKey: Hashable, Sendable, CustomStringConvertible {
  /// What kind of value the key holds; decides validation.
  public enum Kind: Hashable, Sendable {
    case url
    case text
    case path
    case boolean
    /// `"0"` or `"1"`.
    case binaryFlag
    case positiveInteger
    case jsonObject
    case list
    case choice([String])
  }

  /// The name as written in the environment or the config file.
  public let name: String
  /// What kind of value it holds.
  public let kind: Kind
  /// Whether its value must never be shown or logged.
  public let isSecret: Bool
  /// One line for `kiln config` and `kiln --help`.
  public let summary: String

  public var description: String { name }

  public init(_ name: String, _ kind: Kind, secret: Bool = false, summary: String) {
    self.name = name
    self.kind = kind
    self.isSecret = secret
    self.summary = summary
  }
}

extension ConfigurationKey {
  public static let supabaseURL = ConfigurationKey(
    "SUPABASE_URL", .url, summary: "Supabase project URL (accounts)")
  public static let supabaseAnonKey = ConfigurationKey(
    "SUPABASE_ANON_KEY", .text, secret: true, summary: "Supabase anon (public) key")
  public static let revenueCatAPIKey = ConfigurationKey(
    "REVENUECAT_API_KEY", .text, secret: true, summary: "RevenueCat public API key")
  public static let revenueCatEntitlementID = ConfigurationKey(
    "RC_ENTITLEMENT_ID", .text, summary: "RevenueCat entitlement that unlocks Pro (default pro)")
  public static let revenueCatBaseURL = ConfigurationKey(
    "REVENUECAT_BASE_URL", .url, summary: "RevenueCat API base URL (default the public API)")
  public static let productCatalogue = ConfigurationKey(
    "KILN_PRODUCT_CATALOGUE", .list,
    summary: "prices of RevenueCat's products where no store can tell, e.g. monthly=9.99 USD, …")
  public static let proxyBaseURL = ConfigurationKey(
    "PROXY_BASE_URL", .url, summary: "Kiln AI proxy base URL; unset uses the echo model")
  public static let proxyPath = ConfigurationKey(
    "PROXY_PATH", .path, summary: "AI proxy path (default /ai)")
  public static let proxyDefaultHeaders = ConfigurationKey(
    "PROXY_DEFAULT_HEADERS", .jsonObject, summary: "extra headers for the proxy, a JSON object")
  public static let oneSignalAppID = ConfigurationKey(
    "ONESIGNAL_APP_ID", .text, secret: true, summary: "OneSignal app id (push; Apple only)")
  public static let authBypass = ConfigurationKey(
    "AUTH_BYPASS", .binaryFlag, summary: "0 uses real accounts and payments; otherwise mocks")
  public static let chatSyncEnabled = ConfigurationKey(
    "CHAT_SYNC_ENABLED", .boolean,
    summary: "sync chats to your account (true/false; needs SUPABASE_URL and a sign-in)")
  public static let openAIBaseURL = ConfigurationKey(
    "OPENAI_BASE_URL", .url, summary: "OpenAI-compatible API base URL (direct mode)")
  public static let openAIAPIKey = ConfigurationKey(
    "OPENAI_API_KEY", .text, secret: true, summary: "API key for the direct provider")
  public static let openAIDefaultHeaders = ConfigurationKey(
    "OPENAI_DEFAULT_HEADERS", .jsonObject,
    summary: "extra headers for the direct provider, a JSON object")
  public static let model = ConfigurationKey(
    "KILN_MODEL", .text, summary: "model id to use by default")
  public static let models = ConfigurationKey(
    "KILN_MODELS", .list,
    summary: "extra models for the picker, comma-separated: id or id|Display name|context window")
  public static let home = ConfigurationKey(
    "KILN_HOME", .text, summary: "folder for Kiln's data and secrets (default XDG folders)")
  public static let logLevel = ConfigurationKey(
    "KILN_LOG_LEVEL", .choice(["debug", "info", "notice", "error"]),
    summary: "write logs of this level and above to standard error")
  public static let language = ConfigurationKey(
    "KILN_LANGUAGE", .text, summary: "interface language: en or es (default from LANG)")
  public static let freeMessageLimit = ConfigurationKey(
    "KILN_FREE_MESSAGE_LIMIT", .positiveInteger, summary: "free messages for non-subscribers (10)")
  public static let freeMessagePeriod = ConfigurationKey(
    "KILN_FREE_PERIOD", .choice(["lifetime", "day"]),
    summary: "whether the free allowance is for good or per day (lifetime)")
  public static let contextBudget = ConfigurationKey(
    "KILN_CONTEXT_BUDGET", .positiveInteger, summary: "tokens of history sent with each message")

  public static let replyTimeout = ConfigurationKey(
    "KILN_REPLY_TIMEOUT", .positiveInteger,
    summary: "seconds a whole reply may take before it is stopped (600)")
  public static let stallTimeout = ConfigurationKey(
    "KILN_STALL_TIMEOUT", .positiveInteger,
    summary: "seconds a reply may go without a byte before it is stopped (120)")
  public static let maximumLineBytes = ConfigurationKey(
    "KILN_MAX_LINE_BYTES", .positiveInteger,
    summary: "longest line of a reply stream, in bytes (1048576)")
  public static let maximumReplyBytes = ConfigurationKey(
    "KILN_MAX_REPLY_BYTES", .positiveInteger,
    summary: "most reply text kept, in bytes; the rest is cut off (4194304)")
  public static let maximumPromptBytes = ConfigurationKey(
    "KILN_MAX_PROMPT_BYTES", .positiveInteger,
    summary: "longest message that may be sent, in bytes (1048576)")

  /// Every key Kiln reads, in the order `kiln config` lists them.
  public static let all: [ConfigurationKey] = [
    .proxyBaseURL, .proxyPath, .proxyDefaultHeaders, .openAIBaseURL, .openAIAPIKey,
    .openAIDefaultHeaders, .model, .models, .supabaseURL, .supabaseAnonKey, .authBypass,
    .revenueCatAPIKey, .revenueCatEntitlementID, .revenueCatBaseURL, .productCatalogue,
    .oneSignalAppID, .chatSyncEnabled, .home, .logLevel, .language, .freeMessageLimit,
    .freeMessagePeriod, .contextBudget, .replyTimeout, .stallTimeout, .maximumLineBytes,
    .maximumReplyBytes, .maximumPromptBytes,
  ]

  /// The key named `name`, if Kiln knows it.
  public static func named(_ name: String) -> ConfigurationKey? {
    all.first { $0.name == name }
  }
}
