import Foundation
import Localization
import Testing

/// The real `kiln` binary, one process per run as a user runs it: a purchase, settings and a
/// theme chosen in one run's chat are there in the next run (development build, so the mock
/// subscription remembered in the data folder).
@Suite struct SubscriptionRunTests {
  private static func object(_ output: String) throws -> [String: Any] {
    try KilnOutput.object(output)
  }

  /// The value column of `/settings`' row for `name`.
  private static func value(_ name: String, in output: String) -> String? {
    guard let columns = KilnOutput.settingsRow(name, in: output), columns.count == 4 else {
      return nil
    }
    return columns[2]
  }

  @Test func aPurchaseInTheChatIsThereForTheNextRunsSubscriptionAndRestore() async throws {
    let home = try ChatTestHome()
    let before = try await home.runWithPipes(["subscription", "--json"], input: "")
    #expect(before.status == 0, "\(before.error)")
    let free = try Self.object(before.output)
    #expect(free["subscribed"] as? Bool == false)
    #expect(free["entitlements"] as? [String] == [])
    #expect(free["product"] == nil)

    let chat = try await home.runWithPipes([], input: "/upgrade\n/upgrade 1\n")
    #expect(chat.status == 0, "\(chat.error)")
    #expect(chat.output.contains("Monthly  $9.99 per month"))
    #expect(chat.output.contains(L10n.Payments.purchaseSucceeded))

    let after = try await home.runWithPipes(["subscription", "--json"], input: "")
    #expect(after.status == 0, "\(after.error)")
    let json = try Self.object(after.output)
    #expect(json["subscribed"] as? Bool == true)
    #expect(json["entitlements"] as? [String] == ["pro"])
    #expect(json["product"] as? String == "monthly_subscription")
    #expect(json["will_renew"] as? Bool == true)
    #expect(json["trial"] as? Bool == false)
    let expiry = try #require(json["expires_at"] as? String)
    let expires = try #require(ISO8601DateFormatter().date(from: expiry))
    #expect(expires.timeIntervalSinceNow > 27 * 86_400, "a month from the purchase")

    let text = try await home.runWithPipes(["subscription"], input: "")
    #expect(text.output.hasPrefix("Subscribed to monthly_subscription (pro), renews "))

    let again = try await home.runWithPipes([], input: "/restore\n/upgrade\n/whoami\n")
    #expect(again.status == 0, "\(again.error)")
    #expect(again.output.contains(L10n.Payments.restoreSucceeded))
    #expect(again.output.contains(L10n.Payments.alreadySubscribed))
    #expect(again.output.contains("Plan: Kiln Pro, renews "))
  }

  @Test func settingsAndAThemeChosenInOneRunAreThereInTheNext() async throws {
    let home = try ChatTestHome()
    let first = try await home.runWithPipes(
      [],
      input: """
        /settings haptics off
        /settings chat-style centered
        /settings persona translator
        /theme aurora
        /upgrade 1
        /theme aurora

        """)
    #expect(first.status == 0)
    #expect(first.error.contains("Aurora is a Kiln Pro theme."), "before the purchase")
    #expect(first.output.contains("Theme: Aurora."), "after it")

    let second = try await home.runWithPipes(
      [], input: "/settings\n/settings haptics\n/settings chat-style\n/settings notifications\n")
    #expect(second.status == 0, "\(second.error)")
    #expect(Self.value("haptics", in: second.output) == "off")
    #expect(Self.value("chat-style", in: second.output) == "centered")
    #expect(Self.value("persona", in: second.output) == "Translator")
    #expect(Self.value("theme", in: second.output) == "Aurora")
    #expect(Self.value("notifications", in: second.output) == "on", "untouched")

    // `kiln ask` starts its conversation with the saved persona too.
    let ask = try await home.runWithPipes(["ask", "hola"], input: "")
    #expect(ask.status == 0, "\(ask.error)")
    let chats = try await home.runWithPipes(["chats"], input: "")
    #expect(chats.output.contains("hola (Translator)"))
  }
}
