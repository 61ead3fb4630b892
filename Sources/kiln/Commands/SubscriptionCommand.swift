import AppComposition
import Foundation
import Payments

/// `kiln subscription`: whether the user is subscribed, to what, and until when.
enum SubscriptionCommand {
  struct Output: Encodable {
    let subscribed: Bool
    let entitlements: [String]
    let expiresAt: Date?
    let product: String?
    let willRenew: Bool
    let inGracePeriod: Bool
    let trial: Bool

    enum CodingKeys: String, CodingKey {
      case subscribed, entitlements, product, trial
      case expiresAt = "expires_at"
      case willRenew = "will_renew"
      case inGracePeriod = "in_grace_period"
    }
  }

  @MainActor
  static func run(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let state = await dependencies.payments.currentState()
    let output = Output(
      subscribed: state.isSubscribed,
      entitlements: state.activeEntitlementIDs.map(\.rawValue).sorted(),
      expiresAt: state.expirationDate, product: state.productID?.rawValue,
      willRenew: state.willRenew, inGracePeriod: state.isInGracePeriod, trial: state.isTrial)
    if context.wantsJSON {
      try context.printJSON(output)
      return .success
    }
    guard state.isSubscribed else {
      var line = PlanFacts.notSubscribed(
        ownProvider: PlanFacts.isOwnProvider(dependencies.ai.provider))
      if let product = output.product, let expiry = output.expiresAt {
        line += " (\(product) ended \(Row.date(expiry)).)"
      }
      context.console.output(line + "\n")
      return .success
    }
    var line = "Subscribed"
    if let product = output.product { line += " to \(product)" }
    line += output.entitlements.isEmpty ? "" : " (\(output.entitlements.joined(separator: ", ")))"
    if let expiry = output.expiresAt {
      line += output.willRenew ? ", renews \(Row.date(expiry))" : ", ends \(Row.date(expiry))"
    } else {
      line += ", lifetime"
    }
    if output.trial { line += ", free trial" }
    if output.inGracePeriod { line += ", billing problem: grace period" }
    context.console.output(line + ".\n")
    return .success
  }
}
