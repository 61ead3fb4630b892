extension L10n {
  /// Paywall, plans, purchase and restore strings.
  public enum Payments {
    /// "Unlock Pro": paywall title.
    public static var paywallTitle: String { text(.paywallTitle) }
    /// "Get the most out of your AI assistant": paywall subtitle.
    public static var paywallSubtitle: String { text(.paywallSubtitle) }
    /// "Upgrade": the primary paywall button.
    public static var upgrade: String { text(.upgrade) }
    /// "Maybe later": dismisses the paywall.
    public static var maybeLater: String { text(.maybeLater) }
    /// "Subscribe".
    public static var subscribe: String { text(.subscribe) }
    /// "Start Free Trial".
    public static var startFreeTrial: String { text(.startFreeTrial) }
    /// "Restore Purchases".
    public static var restorePurchases: String { text(.restorePurchases) }
    /// "No active subscription found to restore."
    public static var nothingToRestore: String { text(.nothingToRestore) }
    /// "Your purchases have been restored."
    public static var restoreSucceeded: String { text(.restoreSucceeded) }
    /// "Please select a subscription plan".
    public static var selectPlan: String { text(.selectPlan) }
    /// "Processing purchase…".
    public static var purchasing: String { text(.purchasing) }
    /// "Welcome to Pro!": after a successful purchase.
    public static var purchaseSucceeded: String { text(.purchaseSucceeded) }
    /// "Plans are unavailable right now. Please try again later."
    public static var plansUnavailable: String { text(.plansUnavailable) }
    /// "Already Subscribed": title of the paywall's subscribed state.
    public static var alreadySubscribed: String { text(.alreadySubscribed) }
    /// "Pro is active".
    public static var proActive: String { text(.proActive) }
    /// "You have access to every Pro feature."
    public static var proActiveMessage: String { text(.proActiveMessage) }
    /// "Manage Subscription": opens the store's subscription management.
    public static var manageSubscription: String { text(.manageSubscription) }
    /// "Free": the plan name of non-subscribers.
    public static var freePlan: String { text(.freePlan) }
    /// "Monthly".
    public static var monthly: String { text(.monthly) }
    /// "Annual".
    public static var annual: String { text(.annual) }
    /// "Weekly".
    public static var weekly: String { text(.weekly) }
    /// "2 Months": a plan billed every two months.
    public static var twoMonths: String { text(.twoMonths) }
    /// "3 Months": a plan billed every three months.
    public static var threeMonths: String { text(.threeMonths) }
    /// "6 Months": a plan billed every six months.
    public static var sixMonths: String { text(.sixMonths) }
    /// "Lifetime": a one-time purchase that never expires.
    public static var lifetime: String { text(.lifetime) }
    /// "price shown at purchase": in place of a price nobody knows before the store shows it.
    public static var priceAtPurchase: String { text(.priceAtPurchase) }
    /// "<price> per month".
    public static func perMonth(_ price: String) -> String { text(.perMonth, [.text(price)]) }
    /// "<price> per year".
    public static func perYear(_ price: String) -> String { text(.perYear, [.text(price)]) }
    /// "Save <n>%": the annual plan's saving.
    public static func savePercent(_ percent: Int) -> String {
      text(.savePercent, [.integer(percent)])
    }
    /// "Best Value".
    public static var bestValue: String { text(.bestValue) }
    /// "Introductory offer: <price> for <period>".
    public static func introOffer(price: String, period: String) -> String {
      text(.introOffer, [.text(price), .text(period)])
    }
    /// "Cancel anytime".
    public static var cancelAnytime: String { text(.cancelAnytime) }
    /// The auto-renewal notice shown under the plans.
    public static var autoRenewNotice: String { text(.autoRenewNotice) }
    /// "Renews on <date>".
    public static func renewsOn(_ date: String) -> String { text(.renewsOn, [.text(date)]) }
    /// "Expires on <date>".
    public static func expiresOn(_ date: String) -> String { text(.expiresOn, [.text(date)]) }
    /// "Advanced AI".
    public static var featureAdvancedAITitle: String { text(.featureAdvancedAITitle) }
    /// "Get smarter responses with enhanced models".
    public static var featureAdvancedAIDescription: String {
      text(.featureAdvancedAIDescription)
    }
    /// "Faster Processing".
    public static var featureFasterTitle: String { text(.featureFasterTitle) }
    /// "Priority queue for quicker results".
    public static var featureFasterDescription: String { text(.featureFasterDescription) }
    /// "Unlimited Usage".
    public static var featureUnlimitedTitle: String { text(.featureUnlimitedTitle) }
    /// "No daily limits or restrictions".
    public static var featureUnlimitedDescription: String {
      text(.featureUnlimitedDescription)
    }

    /// "No free trial" / "1-day free trial" / "7-day free trial".
    public static func freeTrialDays(_ days: Int) -> String {
      L10n.plural(PluralKey.freeTrialDays, count: days)
    }

    package enum Key: String, LocalizationKey {
      package static let namespace = "payments"
      case paywallTitle, paywallSubtitle, upgrade, maybeLater, subscribe, startFreeTrial
      case restorePurchases, nothingToRestore, restoreSucceeded, selectPlan, purchasing
      case purchaseSucceeded, plansUnavailable, alreadySubscribed, proActive
      case proActiveMessage, manageSubscription, freePlan, monthly, annual
      case weekly, twoMonths, threeMonths, sixMonths, lifetime, priceAtPurchase
      case perMonth, perYear, savePercent, bestValue, introOffer, cancelAnytime
      case autoRenewNotice, renewsOn, expiresOn
      case featureAdvancedAITitle, featureAdvancedAIDescription
      case featureFasterTitle, featureFasterDescription
      case featureUnlimitedTitle, featureUnlimitedDescription
    }

    package enum PluralKey: String, PluralLocalizationKey {
      package static let namespace = "payments"
      case freeTrialDays
    }

    private static func text(_ key: Key, _ arguments: [LocalizationArgument] = []) -> String {
      L10n.text(key, arguments)
    }
  }
}
