import DesignSystem
import Foundation
import Localization

/// A legal document the settings screen links to.
public struct LegalLink: Identifiable, Equatable, Sendable {
  /// Which document.
  public enum Kind: String, CaseIterable, Sendable {
    /// The privacy policy.
    case privacyPolicy
    /// The terms of service.
    case termsOfService
    /// The subscription terms.
    case subscriptionTerms
  }

  /// Which document.
  public let kind: Kind
  /// Where it is; always `https`.
  public let url: URL

  /// The document kind.
  public var id: Kind { kind }

  /// The link's title, in the current language.
  public var title: String {
    switch kind {
    case .privacyPolicy: return L10n.Settings.privacyPolicy
    case .termsOfService: return L10n.Settings.termsOfService
    case .subscriptionTerms: return L10n.Settings.subscriptionTerms
    }
  }

  /// The documents `brand` has real `https` links for, in display order; placeholders and
  /// missing links are left out rather than shown broken.
  public static func links(for brand: BrandConfig) -> [LegalLink] {
    Kind.allCases.compactMap { kind in
      let url: URL?
      switch kind {
      case .privacyPolicy: url = brand.privacyPolicyURL
      case .termsOfService: url = brand.termsOfServiceURL
      case .subscriptionTerms: url = brand.subscriptionTermsURL
      }
      return url.map { LegalLink(kind: kind, url: $0) }
    }
  }
}
