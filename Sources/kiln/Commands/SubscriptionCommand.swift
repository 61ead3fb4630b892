import AppComposition
import Foundation
import Localization
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
        line += " " + L10n.Terminal.Commands.subscriptionEnded(product, Row.date(expiry))
      }
      context.console.output(line + "\n")
      return .success
    }
    var line = L10n.Terminal.Commands.subscribed
    if let product = output.product { line += " " + L10n.Terminal.Commands.subscribedTo(product) }
    line += output.entitlements.isEmpty ? "" : " (\(output.entitlements.joined(separator: ", ")))"
    if let expiry = output.expiresAt {
      line +=
        output.willRenew
        ? L10n.Terminal.Commands.renews(Row.date(expiry))
        : L10n.Terminal.Commands.ends(Row.date(expiry))
    } else {
      line += L10n.Terminal.Commands.lifetime
    }
    if output.trial { line += L10n.Terminal.Commands.freeTrial }
    if output.inGracePeriod { line += L10n.Terminal.Commands.gracePeriod }
    context.console.output(line + ".\n")
    return .success
  }
}
