import Foundation

/// A provider whose ID tokens `POST /token?grant_type=id_token` accepts (Sign in with
/// Apple, Google): who issues them, the client ids they must name as `aud`, and where its
/// public keys are. A provider without client ids is disabled.
public struct IDTokenProvider: Sendable, Hashable {
  /// A provider's name as clients send it (`provider`): an open value.
  public struct Name: RawRepresentable, Sendable, Hashable {
    /// The name's text.
    public let rawValue: String
    /// A name from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sign in with Apple.
    public static let apple = Name(rawValue: "apple")
    /// Sign in with Google.
    public static let google = Name(rawValue: "google")
  }

  /// Where Apple publishes its ID-token keys.
  public static let appleKeys = "https://appleid.apple.com/auth/keys"
  /// Where Google publishes its ID-token keys.
  public static let googleKeys = "https://www.googleapis.com/oauth2/v3/certs"

  /// The provider's name.
  public var name: Name
  /// The `iss` values its tokens carry.
  public var issuers: Set<String>
  /// The client ids (`aud`) accepted: the app's bundle id or services id, OAuth client ids.
  public var clientIDs: Set<String>
  /// Its JWK set: a URL fetched and cached (refetched for an unknown `kid`), or a file.
  public var keys: JWKSLocation

  /// A provider with every part given.
  public init(name: Name, issuers: Set<String>, clientIDs: Set<String>, keys: JWKSLocation) {
    self.name = name
    self.issuers = issuers
    self.clientIDs = clientIDs
    self.keys = keys
  }

  /// Sign in with Apple: tokens from `https://appleid.apple.com`.
  public static func apple(clientIDs: Set<String>, keys: JWKSLocation) -> IDTokenProvider {
    IDTokenProvider(
      name: .apple, issuers: ["https://appleid.apple.com"], clientIDs: clientIDs, keys: keys)
  }

  /// Sign in with Google: tokens from `https://accounts.google.com` (Google also documents
  /// the bare host as an issuer).
  public static func google(clientIDs: Set<String>, keys: JWKSLocation) -> IDTokenProvider {
    IDTokenProvider(
      name: .google, issuers: ["https://accounts.google.com", "accounts.google.com"],
      clientIDs: clientIDs, keys: keys)
  }
}
