import Foundation

/// How the app talks to RevenueCat: the public SDK key, the entitlement that means
/// "subscribed", whose purchases to look at, and where the API lives.
///
/// The description never shows the API key.
public struct PaymentsConfig: Sendable, Equatable {
  /// The public RevenueCat SDK key (`appl_…`). Never a secret key (`sk_…`): RevenueCat
  /// rejects those from apps (code 7243).
  public var apiKey: String
  /// The entitlement that makes `PaymentsState.isSubscribed` true; `pro` by default.
  public var entitlementID: EntitlementID
  /// The RevenueCat app user id: the signed-in user's id. `nil` until someone signs in;
  /// a client then reports `.free` and fetches nothing.
  public var appUserID: String?
  /// The API root; `https://api.revenuecat.com` unless overridden (`REVENUECAT_BASE_URL`) for
  /// a self-hosted relay or a test server. Paths such as `/v1/subscribers/…` go under it.
  public var baseURL: URL
  /// The `X-Platform` header value RevenueCat expects for the key's store app.
  public var platform: Platform

  /// The public RevenueCat API.
  public static let defaultBaseURL =
    URL(string: "https://api.revenuecat.com") ?? URL(fileURLWithPath: "/")

  /// A configuration.
  public init(
    apiKey: String,
    entitlementID: EntitlementID = .pro,
    appUserID: String? = nil,
    baseURL: URL = PaymentsConfig.defaultBaseURL,
    platform: Platform = .ios
  ) {
    self.apiKey = apiKey
    self.entitlementID = entitlementID
    self.appUserID = appUserID
    self.baseURL = baseURL
    self.platform = platform
  }

  /// Whether `apiKey` looks like a real key: not blank, and not a template value containing
  /// `YOUR` or `placeholder` (such values count as unset everywhere in Kiln).
  public var hasUsableAPIKey: Bool {
    let key = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
    return !key.isEmpty && !key.contains("YOUR")
      && key.range(of: "placeholder", options: .caseInsensitive) == nil
  }

  /// The `X-Platform` value: which store app the key belongs to. An open value.
  public struct Platform: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The header value.
    public let rawValue: String
    /// A platform from its raw text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A platform from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// iOS (App Store).
    public static let ios: Self = "ios"
    /// macOS (Mac App Store).
    public static let macos: Self = "macos"
    /// Android (Google Play).
    public static let android: Self = "android"
    /// Amazon Appstore.
    public static let amazon: Self = "amazon"
  }
}

extension PaymentsConfig: CustomStringConvertible, CustomDebugStringConvertible {
  /// Entitlement, base URL and platform; the key is shown only as redacted.
  public var description: String {
    let user = appUserID == nil ? "none" : "set"
    return "PaymentsConfig(apiKey: [REDACTED], entitlementID: \(entitlementID), "
      + "appUserID: \(user), baseURL: \(baseURL.absoluteString), platform: \(platform.rawValue))"
  }

  /// The same as `description`: the key never appears.
  public var debugDescription: String { description }
}

extension PaymentsConfig: CustomReflectable {
  /// A mirror without the key, so `dump(config)` cannot print it either.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "apiKey": "[REDACTED]", "entitlementID": entitlementID.rawValue,
        "appUserID": appUserID == nil ? "none" : "set", "baseURL": baseURL.absoluteString,
        "platform": platform.rawValue,
      ])
  }
}
