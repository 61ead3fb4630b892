extension A11y {
  /// Payments labels.
  public enum Payments {
    /// "Subscribe": Double tap to start your subscription.
    public static let subscribeButton = A11yEntry("payments.subscribeButton", traits: [.button])

    /// "Restore purchases": Double tap to restore a previous subscription.
    public static let restoreButton = A11yEntry("payments.restoreButton", traits: [.button])

    /// "{name} plan, {price}": Double tap to select this plan.
    public static func planOption(name: String, price: String) -> A11yEntry {
      A11yEntry(
        "payments.planOption", traits: [.button], arguments: ["name": name, "price": price])
    }

    /// "Manage subscription": Opens your subscription settings.
    public static let manageSubscription = A11yEntry("payments.manageSubscription", traits: [.link])

    /// "Upgrade to Pro": Double tap to see subscription plans.
    public static let upgradeButton = A11yEntry("payments.upgradeButton", traits: [.button])

    /// "Free messages left: {count}".
    public static func freeMessagesRemaining(count: Int) -> A11yEntry {
      A11yEntry(
        "payments.freeMessagesRemaining", hint: false, traits: [.staticText],
        arguments: ["count": String(count)])
    }

    /// "Subscription terms": Opens the subscription terms in your browser.
    public static let subscriptionTerms = A11yEntry("payments.subscriptionTerms", traits: [.link])

    /// "Subscription active" or "Not subscribed".
    public static func subscriptionStatus(isSubscribed: Bool) -> A11yEntry {
      A11yEntry(
        isSubscribed
          ? "payments.subscriptionStatus.subscribed" : "payments.subscriptionStatus.notSubscribed",
        hint: false, traits: .staticText)
    }

    /// Every entry, parameterized ones with sample values, for the catalogue tests.
    public static var all: [A11yEntry] {
      [
        subscribeButton, restoreButton, planOption(name: "Monthly", price: "$9.99"),
        manageSubscription, upgradeButton, freeMessagesRemaining(count: 3), subscriptionTerms,
        subscriptionStatus(isSubscribed: true), subscriptionStatus(isSubscribed: false),
      ]
    }
  }
}
