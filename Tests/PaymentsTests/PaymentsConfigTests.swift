import Core
import Foundation
import Payments
import Testing

@Suite struct PaymentsConfigTests {
  let key = "appl_AbCdEfGhIjKlMnOpQrSt"

  @Test func defaultsToTheProEntitlementAndThePublicAPI() {
    let config = PaymentsConfig(apiKey: key)
    #expect(config.entitlementID == .pro)
    #expect(config.baseURL.absoluteString == "https://api.revenuecat.com")
    #expect(config.appUserID == nil)
    #expect(config.platform == .ios)
    #expect(config.hasUsableAPIKey)
  }

  @Test func theSeedsTwoArgumentFormStillCompiles() {
    let config = PaymentsConfig(apiKey: "debug_mode_placeholder_key", entitlementID: "pro")
    #expect(config.entitlementID == .pro)
    #expect(!config.hasUsableAPIKey)
  }

  @Test(arguments: ["", "   ", "YOUR_REVENUECAT_KEY", "appl_placeholder", "Placeholder-key"])
  func placeholderKeysAreNotUsable(apiKey: String) {
    #expect(!PaymentsConfig(apiKey: apiKey).hasUsableAPIKey)
  }

  @Test func theKeyNeverAppearsInDescriptionsDumpsOrLogs() {
    let config = PaymentsConfig(apiKey: key, appUserID: "user-1")
    #expect(!String(describing: config).contains(key))
    #expect(!String(reflecting: config).contains(key))
    var dumped = ""
    dump(config, to: &dumped)
    #expect(!dumped.contains(key))
    #expect(!dumped.contains("user-1"))
    let sink = InMemoryLogSink()
    AppLogger(sinks: [sink]).info("configured \(config)", category: .payments)
    #expect(!sink.text.contains(key))
  }
}
