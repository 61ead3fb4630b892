import Foundation
import Testing

@testable import DesignSystem

@Suite struct BrandConfigTests {
  @Test func defaultsAreKilnsWithNoLinks() {
    let brand = BrandConfig.default
    #expect(brand.appDisplayName == "Kiln")
    #expect(brand.avatarFallbackSymbol == "person.circle.fill")
    #expect(brand.privacyPolicyURL == nil)
    #expect(brand.termsOfServiceURL == nil)
    #expect(brand.subscriptionTermsURL == nil)
    #expect(brand.supportEmailAddress == nil)
    #expect(!brand.hasAllLegalLinks)
  }

  @Test(arguments: [
    "https://kiln.dev/privacy", "HTTPS://kiln.dev/terms", "https://legal.kiln.dev/sub?lang=en",
  ])
  func secureURLsResolve(text: String) {
    #expect(BrandConfig.legalURL(text)?.absoluteString == text)
  }

  @Test(arguments: [
    "", "http://kiln.dev/privacy", "ftp://kiln.dev/terms", "kiln.dev/privacy", "https://",
    "https:///path", "https://YOUR-DOMAIN.com/privacy", "https://kiln.dev/placeholder",
    "https://PLACEHOLDER.dev", "https://example.com/privacy", "https://www.example.org/terms",
    "https://legal.test/terms", "https://localhost/privacy", "https://kiln.dev/pri vacy",
    " https://kiln.dev/privacy", "https://{{domain}}/privacy", "https://user:pw@kiln.dev/p",
  ])
  func insecureOrPlaceholderURLsAreNil(text: String) {
    #expect(BrandConfig.legalURL(text) == nil)
  }

  @Test func legalLinksResolveThroughTheConfig() {
    let brand = BrandConfig(
      privacyPolicyURLString: "https://kiln.dev/privacy",
      termsOfServiceURLString: "https://kiln.dev/terms",
      subscriptionTermsURLString: "http://kiln.dev/subscription")
    #expect(brand.privacyPolicyURL == URL(string: "https://kiln.dev/privacy"))
    #expect(brand.termsOfServiceURL == URL(string: "https://kiln.dev/terms"))
    #expect(brand.subscriptionTermsURL == nil)
    #expect(!brand.hasAllLegalLinks)
    var fixed = brand
    fixed.subscriptionTermsURLString = "https://kiln.dev/subscription"
    #expect(fixed.hasAllLegalLinks)
  }

  @Test(arguments: [
    "support@kiln.dev", "first.last+tag@mail.kiln.dev", "a@b.co", "o'brien@kiln-app.io",
  ])
  func validEmailsAreAccepted(address: String) {
    #expect(BrandConfig.isValidEmail(address))
    let brand = BrandConfig(supportEmail: address)
    #expect(brand.supportEmailAddress == address)
    #expect(brand.supportMailtoURL?.scheme == "mailto")
  }

  @Test(arguments: [
    "", "support", "@kiln.dev", "support@", "support@kiln", "support@@kiln.dev",
    "sup port@kiln.dev", ".support@kiln.dev", "support.@kiln.dev", "sup..port@kiln.dev",
    "support@-kiln.dev", "support@kiln-.dev", "support@kiln.d", "support@kiln.123",
    "support@kiln..dev", "support@example.com", "YOUR_EMAIL@kiln.dev", "placeholder@kiln.dev",
    "soporte@kilñ.dev", " support@kiln.dev",
  ])
  func invalidEmailsAreRejected(address: String) {
    #expect(!BrandConfig.isValidEmail(address))
    #expect(BrandConfig(supportEmail: address).supportMailtoURL == nil)
  }

  @Test func overlongEmailsAreRejected() {
    let local = String(repeating: "a", count: 65)
    #expect(!BrandConfig.isValidEmail("\(local)@kiln.dev"))
    let label = String(repeating: "b", count: 60)
    let longDomain = Array(repeating: label, count: 5).joined(separator: ".") + ".dev"
    #expect(!BrandConfig.isValidEmail("a@\(longDomain)"))
  }
}
