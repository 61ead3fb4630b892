import Foundation

/// The app's brand: its name, legal links, support address and avatar fallback.
///
/// Link and address strings are kept as written (so a generator can rewrite them); the
/// validated accessors return `nil` for anything that is not a real, secure value, and the
/// UI hides a link rather than open a placeholder. There is no release fallback.
public struct BrandConfig: Equatable, Sendable {
  /// The name shown to people.
  public var appDisplayName: String
  /// The SF Symbol shown when a user has no photo.
  public var avatarFallbackSymbol: String
  /// The privacy policy, as written.
  public var privacyPolicyURLString: String
  /// The terms of service, as written.
  public var termsOfServiceURLString: String
  /// The subscription terms (required next to a purchase button), as written.
  public var subscriptionTermsURLString: String
  /// The support e-mail address, as written.
  public var supportEmail: String

  /// Creates a brand; every value defaults to Kiln's own, with legal links unset.
  public init(
    appDisplayName: String = "Kiln",
    avatarFallbackSymbol: String = "person.circle.fill",
    privacyPolicyURLString: String = "",
    termsOfServiceURLString: String = "",
    subscriptionTermsURLString: String = "",
    supportEmail: String = ""
  ) {
    self.appDisplayName = appDisplayName
    self.avatarFallbackSymbol = avatarFallbackSymbol
    self.privacyPolicyURLString = privacyPolicyURLString
    self.termsOfServiceURLString = termsOfServiceURLString
    self.subscriptionTermsURLString = subscriptionTermsURLString
    self.supportEmail = supportEmail
  }

  /// Kiln's defaults.
  public static let `default` = BrandConfig()

  /// The privacy policy, or `nil` unless it is a real `https` URL.
  public var privacyPolicyURL: URL? { Self.legalURL(privacyPolicyURLString) }
  /// The terms of service, or `nil` unless it is a real `https` URL.
  public var termsOfServiceURL: URL? { Self.legalURL(termsOfServiceURLString) }
  /// The subscription terms, or `nil` unless it is a real `https` URL.
  public var subscriptionTermsURL: URL? { Self.legalURL(subscriptionTermsURLString) }

  /// The support address, or `nil` unless it is a plausible, non-placeholder address.
  public var supportEmailAddress: String? {
    Self.isValidEmail(supportEmail) ? supportEmail : nil
  }

  /// `mailto:` for the support address, or `nil` when there is none.
  public var supportMailtoURL: URL? {
    supportEmailAddress.flatMap { URL(string: "mailto:\($0)") }
  }

  /// Whether every legal link a store listing and a paywall need is set.
  public var hasAllLegalLinks: Bool {
    privacyPolicyURL != nil && termsOfServiceURL != nil && subscriptionTermsURL != nil
  }
}
