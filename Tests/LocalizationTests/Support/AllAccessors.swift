import Core
import Localization

/// Every `L10n` accessor, called with sample arguments. The catalogue tests run them with a
/// keys-only localizer to learn which key each reads, and in every language to check the
/// output. A new accessor belongs here; a new key without an accessor listed here fails
/// `everyKeyIsReadByAnAccessor`.
enum AllAccessors {
  typealias Accessor = (name: String, read: @Sendable () -> String)

  static let all: [Accessor] =
    auth + chat + chatPlurals + settings + payments + onboarding + profile + theme + common
    + error + a11y
    + terminal + session + setupArchivePersona

  /// The `kiln` terminal app's own strings.
  static var terminal: [Accessor] {
    terminalHelp + terminalCommandLine + terminalCommands + terminalChecks
  }

  /// The interactive chat's strings.
  static var session: [Accessor] {
    sessionHelp + sessionCommandLine + sessionWelcome + sessionActions + sessionConversations
      + sessionMessages + sessionAssistant + sessionSettings + sessionAccount + sessionPaywall
      + sessionReplies
  }

  static let auth: [Accessor] = [
    ("Auth.tagline", { L10n.Auth.tagline }),
    ("Auth.welcome", { L10n.Auth.welcome }),
    ("Auth.continueWithApple", { L10n.Auth.continueWithApple }),
    ("Auth.continueWithGoogle", { L10n.Auth.continueWithGoogle }),
    ("Auth.useEmailInstead", { L10n.Auth.useEmailInstead }),
    ("Auth.separatorOr", { L10n.Auth.separatorOr }),
    ("Auth.email", { L10n.Auth.email }),
    ("Auth.emailPlaceholder", { L10n.Auth.emailPlaceholder }),
    ("Auth.password", { L10n.Auth.password }),
    ("Auth.signIn", { L10n.Auth.signIn }),
    ("Auth.createAccount", { L10n.Auth.createAccount }),
    ("Auth.haveAccountPrompt", { L10n.Auth.haveAccountPrompt }),
    ("Auth.noAccountPrompt", { L10n.Auth.noAccountPrompt }),
    ("Auth.forgotPassword", { L10n.Auth.forgotPassword }),
    ("Auth.resetPassword", { L10n.Auth.resetPassword }),
    ("Auth.resetEmailSent", { L10n.Auth.resetEmailSent(to: "ana@example.com") }),
    ("Auth.confirmEmail", { L10n.Auth.confirmEmail }),
    ("Auth.signingIn", { L10n.Auth.signingIn }),
    ("Auth.signOut", { L10n.Auth.signOut }),
    ("Auth.signOutConfirmation", { L10n.Auth.signOutConfirmation }),
    ("Auth.signedInAs", { L10n.Auth.signedInAs("Ana") }),
    ("Auth.sessionExpiredTitle", { L10n.Auth.sessionExpiredTitle }),
    ("Auth.debugSignIn", { L10n.Auth.debugSignIn }),
    ("Auth.invalidEmail", { L10n.Auth.invalidEmail }),
    ("Auth.passwordTooShort", { L10n.Auth.passwordTooShort(minimumLength: 8) }),
    ("Auth.passwordRequired", { L10n.Auth.passwordRequired }),
    ("Auth.legalNotice", { L10n.Auth.legalNotice }),
  ]

  static let chat: [Accessor] = [
    ("Chat.title", { L10n.Chat.title }),
    ("Chat.history", { L10n.Chat.history }),
    ("Chat.placeholder", { L10n.Chat.placeholder }),
    ("Chat.sendButton", { L10n.Chat.sendButton }),
    ("Chat.stopButton", { L10n.Chat.stopButton }),
    ("Chat.retry", { L10n.Chat.retry }),
    ("Chat.regenerate", { L10n.Chat.regenerate }),
    ("Chat.editMessage", { L10n.Chat.editMessage }),
    ("Chat.editingMessage", { L10n.Chat.editingMessage }),
    ("Chat.copyMessage", { L10n.Chat.copyMessage }),
    ("Chat.copied", { L10n.Chat.copied }),
    ("Chat.deleteMessage", { L10n.Chat.deleteMessage }),
    ("Chat.newChat", { L10n.Chat.newChat }),
    ("Chat.defaultTitle", { L10n.Chat.defaultTitle }),
    ("Chat.rename", { L10n.Chat.rename }),
    ("Chat.typing", { L10n.Chat.typing }),
    ("Chat.thinking", { L10n.Chat.thinking }),
    ("Chat.loadingEarlier", { L10n.Chat.loadingEarlier }),
    ("Chat.statusSending", { L10n.Chat.statusSending }),
    ("Chat.statusStreaming", { L10n.Chat.statusStreaming }),
    ("Chat.statusComplete", { L10n.Chat.statusComplete }),
    ("Chat.statusFailed", { L10n.Chat.statusFailed }),
    ("Chat.statusCancelled", { L10n.Chat.statusCancelled }),
    ("Chat.responseFailed", { L10n.Chat.responseFailed }),
    ("Chat.replyCutOff", { L10n.Chat.replyCutOff }),
    ("Chat.roleUser", { L10n.Chat.roleUser }),
    ("Chat.roleAssistant", { L10n.Chat.roleAssistant }),
    ("Chat.model", { L10n.Chat.model("gpt-4o-mini") }),
    ("Chat.freeLimitReachedTitle", { L10n.Chat.freeLimitReachedTitle }),
    ("Chat.freeLimitReachedMessage", { L10n.Chat.freeLimitReachedMessage }),
    ("Chat.upgradeToKeepChatting", { L10n.Chat.upgradeToKeepChatting }),
    ("Chat.pinned", { L10n.Chat.pinned }),
    ("Chat.pin", { L10n.Chat.pin }),
    ("Chat.unpin", { L10n.Chat.unpin }),
    ("Chat.archived", { L10n.Chat.archived }),
    ("Chat.archive", { L10n.Chat.archive }),
    ("Chat.unarchive", { L10n.Chat.unarchive }),
    ("Chat.searchPlaceholder", { L10n.Chat.searchPlaceholder }),
    ("Chat.noResults", { L10n.Chat.noResults }),
    ("Chat.noResultsForQuery", { L10n.Chat.noResults(for: "recipes") }),
    ("Chat.emptyHistoryTitle", { L10n.Chat.emptyHistoryTitle }),
    ("Chat.emptyHistoryMessage", { L10n.Chat.emptyHistoryMessage }),
    ("Chat.emptyConversationTitle", { L10n.Chat.emptyConversationTitle }),
    ("Chat.deleteConversationTitle", { L10n.Chat.deleteConversationTitle }),
    ("Chat.deleteConversationMessage", { L10n.Chat.deleteConversationMessage }),
    ("Chat.memoriesTitle", { L10n.Chat.memoriesTitle }),
    ("Chat.memoriesFooter", { L10n.Chat.memoriesFooter }),
    ("Chat.remember", { L10n.Chat.remember }),
    ("Chat.forget", { L10n.Chat.forget }),
    ("Chat.forgetAll", { L10n.Chat.forgetAll }),
    ("Chat.memorySaved", { L10n.Chat.memorySaved }),
    ("Chat.memoryForgotten", { L10n.Chat.memoryForgotten }),
    ("Chat.memoriesEmpty", { L10n.Chat.memoriesEmpty }),
    ("Chat.personasTitle", { L10n.Chat.personasTitle }),
    ("Chat.personasBuiltIn", { L10n.Chat.personasBuiltIn }),
    ("Chat.personasCustom", { L10n.Chat.personasCustom }),
    ("Chat.defaultPersona", { L10n.Chat.defaultPersona }),
    ("Chat.choosePersona", { L10n.Chat.choosePersona }),
  ]

  static let chatPlurals: [Accessor] = [
    ("Chat.messagesRemaining", { L10n.Chat.messagesRemaining(5) }),
    ("Chat.messageCount", { L10n.Chat.messageCount(5) }),
    ("Chat.conversationCount", { L10n.Chat.conversationCount(5) }),
    ("Chat.tokenCount", { L10n.Chat.tokenCount(5) }),
    ("Chat.memoryCount", { L10n.Chat.memoryCount(5) }),
  ]

  static let settings: [Accessor] = [
    ("Settings.title", { L10n.Settings.title }),
    ("Settings.appearance", { L10n.Settings.appearance }),
    ("Settings.theme", { L10n.Settings.theme }),
    ("Settings.language", { L10n.Settings.language }),
    ("Settings.chatStyle", { L10n.Settings.chatStyle }),
    ("Settings.chatStyleBubble", { L10n.Settings.chatStyleBubble }),
    ("Settings.chatStyleBubbleDescription", { L10n.Settings.chatStyleBubbleDescription }),
    ("Settings.chatStyleCentered", { L10n.Settings.chatStyleCentered }),
    ("Settings.chatStyleCenteredDescription", { L10n.Settings.chatStyleCenteredDescription }),
    ("Settings.privacy", { L10n.Settings.privacy }),
    ("Settings.shareDiagnostics", { L10n.Settings.shareDiagnostics }),
    ("Settings.shareDiagnosticsFooter", { L10n.Settings.shareDiagnosticsFooter }),
    ("Settings.notifications", { L10n.Settings.notifications }),
    ("Settings.allowNotifications", { L10n.Settings.allowNotifications }),
    ("Settings.accessibility", { L10n.Settings.accessibility }),
    ("Settings.haptics", { L10n.Settings.haptics }),
    ("Settings.reduceMotion", { L10n.Settings.reduceMotion }),
    ("Settings.aiSection", { L10n.Settings.aiSection }),
    ("Settings.model", { L10n.Settings.model }),
    ("Settings.persona", { L10n.Settings.persona }),
    ("Settings.memories", { L10n.Settings.memories }),
    ("Settings.subscription", { L10n.Settings.subscription }),
    ("Settings.goPro", { L10n.Settings.goPro }),
    ("Settings.account", { L10n.Settings.account }),
    ("Settings.deleteAccount", { L10n.Settings.deleteAccount }),
    ("Settings.deleteAccountTitle", { L10n.Settings.deleteAccountTitle }),
    ("Settings.deleteAccountMessage", { L10n.Settings.deleteAccountMessage }),
    ("Settings.deleteAccountConfirm", { L10n.Settings.deleteAccountConfirm }),
    ("Settings.accountDeleted", { L10n.Settings.accountDeleted }),
    ("Settings.legal", { L10n.Settings.legal }),
    ("Settings.privacyPolicy", { L10n.Settings.privacyPolicy }),
    ("Settings.termsOfService", { L10n.Settings.termsOfService }),
    ("Settings.subscriptionTerms", { L10n.Settings.subscriptionTerms }),
    ("Settings.about", { L10n.Settings.about }),
    ("Settings.contactSupport", { L10n.Settings.contactSupport }),
    ("Settings.version", { L10n.Settings.version("2.1.0") }),
    ("Settings.versionWithBuild", { L10n.Settings.version("2.1.0", build: "45") }),
  ]

  static let payments: [Accessor] = [
    ("Payments.paywallTitle", { L10n.Payments.paywallTitle }),
    ("Payments.paywallSubtitle", { L10n.Payments.paywallSubtitle }),
    ("Payments.upgrade", { L10n.Payments.upgrade }),
    ("Payments.maybeLater", { L10n.Payments.maybeLater }),
    ("Payments.subscribe", { L10n.Payments.subscribe }),
    ("Payments.startFreeTrial", { L10n.Payments.startFreeTrial }),
    ("Payments.restorePurchases", { L10n.Payments.restorePurchases }),
    ("Payments.nothingToRestore", { L10n.Payments.nothingToRestore }),
    ("Payments.restoreSucceeded", { L10n.Payments.restoreSucceeded }),
    ("Payments.selectPlan", { L10n.Payments.selectPlan }),
    ("Payments.purchasing", { L10n.Payments.purchasing }),
    ("Payments.purchaseSucceeded", { L10n.Payments.purchaseSucceeded }),
    ("Payments.plansUnavailable", { L10n.Payments.plansUnavailable }),
    ("Payments.alreadySubscribed", { L10n.Payments.alreadySubscribed }),
    ("Payments.proActive", { L10n.Payments.proActive }),
    ("Payments.proActiveMessage", { L10n.Payments.proActiveMessage }),
    ("Payments.manageSubscription", { L10n.Payments.manageSubscription }),
    ("Payments.freePlan", { L10n.Payments.freePlan }),
    ("Payments.monthly", { L10n.Payments.monthly }),
    ("Payments.annual", { L10n.Payments.annual }),
    ("Payments.weekly", { L10n.Payments.weekly }),
    ("Payments.twoMonths", { L10n.Payments.twoMonths }),
    ("Payments.threeMonths", { L10n.Payments.threeMonths }),
    ("Payments.sixMonths", { L10n.Payments.sixMonths }),
    ("Payments.lifetime", { L10n.Payments.lifetime }),
    ("Payments.priceAtPurchase", { L10n.Payments.priceAtPurchase }),
    ("Payments.perMonth", { L10n.Payments.perMonth("$9.99") }),
    ("Payments.perYear", { L10n.Payments.perYear("$79.99") }),
    ("Payments.savePercent", { L10n.Payments.savePercent(33) }),
    ("Payments.bestValue", { L10n.Payments.bestValue }),
    ("Payments.introOffer", { L10n.Payments.introOffer(price: "$0.99", period: "1 week") }),
    ("Payments.cancelAnytime", { L10n.Payments.cancelAnytime }),
    ("Payments.autoRenewNotice", { L10n.Payments.autoRenewNotice }),
    ("Payments.renewsOn", { L10n.Payments.renewsOn("2026-06-01") }),
    ("Payments.expiresOn", { L10n.Payments.expiresOn("2026-06-01") }),
    ("Payments.featureAdvancedAITitle", { L10n.Payments.featureAdvancedAITitle }),
    ("Payments.featureAdvancedAIDescription", { L10n.Payments.featureAdvancedAIDescription }),
    ("Payments.featureFasterTitle", { L10n.Payments.featureFasterTitle }),
    ("Payments.featureFasterDescription", { L10n.Payments.featureFasterDescription }),
    ("Payments.featureUnlimitedTitle", { L10n.Payments.featureUnlimitedTitle }),
    ("Payments.featureUnlimitedDescription", { L10n.Payments.featureUnlimitedDescription }),
    ("Payments.freeTrialDays", { L10n.Payments.freeTrialDays(7) }),
  ]

  static let onboarding: [Accessor] = [
    ("Onboarding.firstPageTitle", { L10n.Onboarding.firstPageTitle }),
    ("Onboarding.firstPageDescription", { L10n.Onboarding.firstPageDescription }),
    ("Onboarding.secondPageTitle", { L10n.Onboarding.secondPageTitle }),
    ("Onboarding.secondPageDescription", { L10n.Onboarding.secondPageDescription }),
    ("Onboarding.thirdPageTitle", { L10n.Onboarding.thirdPageTitle }),
    ("Onboarding.thirdPageDescription", { L10n.Onboarding.thirdPageDescription }),
    ("Onboarding.getStarted", { L10n.Onboarding.getStarted }),
    ("Onboarding.skip", { L10n.Onboarding.skip }),
    ("Onboarding.pageIndicator", { L10n.Onboarding.pageIndicator(current: 2, total: 3) }),
  ]

  static let profile: [Accessor] = [
    ("Profile.title", { L10n.Profile.title }),
    ("Profile.displayName", { L10n.Profile.displayName }),
    ("Profile.displayNamePlaceholder", { L10n.Profile.displayNamePlaceholder }),
    ("Profile.edit", { L10n.Profile.edit }),
    ("Profile.photo", { L10n.Profile.photo }),
    ("Profile.changePhoto", { L10n.Profile.changePhoto }),
    ("Profile.removePhoto", { L10n.Profile.removePhoto }),
    ("Profile.saved", { L10n.Profile.saved }),
    ("Profile.guest", { L10n.Profile.guest }),
    ("Profile.statusFree", { L10n.Profile.statusFree }),
    ("Profile.statusPro", { L10n.Profile.statusPro }),
    ("Profile.memberSince", { L10n.Profile.memberSince("June 2026") }),
  ]

  static let theme: [Accessor] = themeNamesAndDescriptions + themeBadges

  private static let themeBadges: [Accessor] = [
    ("Theme.premiumBadge", { L10n.Theme.premiumBadge }),
    ("Theme.premiumLocked", { L10n.Theme.premiumLocked }),
  ]

  private static let themeNamesAndDescriptions: [Accessor] = Theme.allCases.flatMap {
    theme -> [Accessor] in
    [
      ("Theme.name(\(theme))", { L10n.Theme.name(of: theme) }),
      ("Theme.description(\(theme))", { L10n.Theme.description(of: theme) }),
    ]
  }

  static let common: [Accessor] = [
    ("Common.ok", { L10n.Common.ok }),
    ("Common.cancel", { L10n.Common.cancel }),
    ("Common.done", { L10n.Common.done }),
    ("Common.retry", { L10n.Common.retry }),
    ("Common.close", { L10n.Common.close }),
    ("Common.delete", { L10n.Common.delete }),
    ("Common.save", { L10n.Common.save }),
    ("Common.edit", { L10n.Common.edit }),
    ("Common.loading", { L10n.Common.loading }),
    ("Common.error", { L10n.Common.error }),
    ("Common.continue", { L10n.Common.continue }),
    ("Common.back", { L10n.Common.back }),
    ("Common.next", { L10n.Common.next }),
    ("Common.share", { L10n.Common.share }),
    ("Common.search", { L10n.Common.search }),
    ("Common.clear", { L10n.Common.clear }),
    ("Common.undo", { L10n.Common.undo }),
    ("Common.learnMore", { L10n.Common.learnMore }),
    ("Common.on", { L10n.Common.on }),
    ("Common.off", { L10n.Common.off }),
  ]

  static let error: [Accessor] = [
    ("Error.networkOffline", { L10n.Error.networkOffline }),
    ("Error.networkTimeout", { L10n.Error.networkTimeout }),
    ("Error.networkServer", { L10n.Error.networkServer }),
    ("Error.networkClient", { L10n.Error.networkClient }),
    ("Error.networkGeneric", { L10n.Error.networkGeneric }),
    ("Error.networkRedirectLoop", { L10n.Error.networkRedirectLoop }),
    ("Error.decoding", { L10n.Error.decoding }),
    ("Error.unauthorized", { L10n.Error.unauthorized }),
    ("Error.apiKeyRejected", { L10n.Error.apiKeyRejected }),
    ("Error.rateLimited", { L10n.Error.rateLimited }),
    ("Error.cancelled", { L10n.Error.cancelled }),
    ("Error.validationGeneric", { L10n.Error.validationGeneric }),
    ("Error.subscriptionRequired", { L10n.Error.subscriptionRequired }),
    ("Error.freeQuotaExhausted", { L10n.Error.freeQuotaExhausted }),
    ("Error.notConfigured", { L10n.Error.notConfigured("PROXY_BASE_URL") }),
    ("Error.storageDiskFull", { L10n.Error.storageDiskFull }),
    ("Error.storageCorrupted", { L10n.Error.storageCorrupted }),
    ("Error.storageNewerSchema", { L10n.Error.storageNewerSchema }),
    ("Error.storageBusy", { L10n.Error.storageBusy }),
    ("Error.storageReadOnly", { L10n.Error.storageReadOnly }),
    ("Error.storageNotFound", { L10n.Error.storageNotFound }),
    ("Error.storageFailed", { L10n.Error.storageFailed }),
    ("Error.sessionExpired", { L10n.Error.sessionExpired }),
    ("Error.notFound", { L10n.Error.notFound }),
    ("Error.payloadTooLarge", { L10n.Error.payloadTooLarge }),
    ("Error.serviceUnavailable", { L10n.Error.serviceUnavailable }),
    ("Error.unknown", { L10n.Error.unknown }),
    ("Error.retryIn", { L10n.Error.retryIn(seconds: 30) }),
  ]

  static let a11y: [Accessor] = [
    ("A11y.messageSent", { L10n.A11y.messageSent }),
    ("A11y.responseStarted", { L10n.A11y.responseStarted }),
    ("A11y.responseComplete", { L10n.A11y.responseComplete }),
    ("A11y.responseStopped", { L10n.A11y.responseStopped }),
    ("A11y.copiedToClipboard", { L10n.A11y.copiedToClipboard }),
    ("A11y.errorOccurred", { L10n.A11y.errorOccurred("Request timed out.") }),
    ("A11y.themeChanged", { L10n.A11y.themeChanged(to: "Aurora") }),
  ]
}
