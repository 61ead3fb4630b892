import Foundation
import TestSupport
import Testing

/// One account of the plan everywhere it is shown: with the user's own provider no Kiln
/// limit or plan applies (`config`, `subscription`, `/settings`, `/usage` agree); with the
/// echo model the free allowance does.
@Suite struct PlanFactsTests {
  private static let ownProvider = [
    "OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "KILN_MODEL": "local-model",
  ]

  @Test func withTheUsersOwnProviderEveryPlaceSaysNoKilnLimitApplies() async throws {
    let home = try ChatTestHome()
    let config = try await home.runWithPipes(["config"], input: "", environment: Self.ownProvider)
    #expect(config.output.contains("Free messages   no Kiln limit (your own provider)"))
    let subscription = try await home.runWithPipes(
      ["subscription"], input: "", environment: Self.ownProvider)
    #expect(subscription.output == "No Kiln plan is needed: your own provider has no Kiln limit.\n")
    let chat = try await home.runWithPipes(
      [], input: "/settings\n/usage\n", environment: Self.ownProvider)
    #expect(chat.output.contains("Plan: free (your own provider has no Kiln limit)."))
    #expect(chat.output.contains("Free messages: no limit (your own provider)."), "\(chat.output)")
    #expect(!chat.output.contains("Kiln Pro") && !subscription.output.contains("/upgrade"))
  }

  @Test func withTheEchoModelTheFreeAllowanceIsStatedTheSameWay() async throws {
    let home = try ChatTestHome()
    let config = try await home.runWithPipes(["config"], input: "")
    #expect(config.output.contains("Free messages   10 in total"), "\(config.output)")
    let subscription = try await home.runWithPipes(["subscription"], input: "")
    #expect(subscription.output == "Free plan. Upgrade with /upgrade in the chat.\n")
    let chat = try await home.runWithPipes([], input: "/usage\n")
    #expect(chat.output.contains("Free messages left: 10 of 10."), "\(chat.output)")
  }
}
