import Core
import DesignSystem
import Foundation
import Localization
import Observation
import Payments
import Storage

/// The settings screen: theme, privacy, notifications, accessibility, chat style, model,
/// persona, subscription status, legal links, sign-out and account deletion. SwiftUI's
/// `SettingsView` and `kiln`'s `/settings` and `/theme` drive it.
///
/// Every change shows at once and is saved at once through the `SettingsRepository` (load,
/// copy with the change, save). Changes are saved one at a time in the order they were made,
/// so quick successive changes never overwrite each other. A save that fails puts the
/// setting back to what is stored and sets `errorMessage`.
///
/// Premium themes (Aurora, Obsidian) need a subscription: a user without one who picks one
/// keeps the current theme and `onRequireSubscription` is called to show the paywall. When a
/// subscription lapses while a premium theme is in use, the theme falls back to System (and
/// that is saved). Call `load()` when the screen appears; keep `observeSubscriptionChanges()`
/// running for the app's lifetime (it waits for `load()`), so a lapse is noticed even while
/// the settings screen is closed.
@MainActor @Observable
public final class SettingsViewModel {
  /// Whether the stored settings have been read.
  public enum LoadState: Equatable, Sendable {
    /// `load()` has not run.
    case notLoaded
    /// Reading.
    case loading
    /// Read; `settings` holds them.
    case loaded
    /// Reading failed; `settings` holds the defaults and changes are still saved.
    case failed(AppError)
  }

  /// Whether the stored settings have been read.
  public internal(set) var loadState: LoadState = .notLoaded
  /// The settings as shown: what is stored, plus changes being saved.
  public internal(set) var settings: SettingsDTO = .defaults
  /// The subscription as last reported; `nil` until `load()` asked for it.
  public internal(set) var subscription: PaymentsState?
  /// Where signing out or deleting the account stands.
  public internal(set) var accountDeletion: AccountDeletionState = .idle
  /// Whether a sign-out is running.
  public internal(set) var isSigningOut = false
  /// The last failure (a save, the load, sign-out, deletion); `errorMessage` localizes it.
  public internal(set) var error: AppError?

  /// The models the picker lists, in order.
  public let modelOptions: [ModelOption]
  /// The model used when the user picked none; `nil` lets the server choose.
  public let defaultModel: String?
  /// The personas the picker lists, in order.
  public let personaOptions: [PersonaOption]
  /// The legal documents to link to (only real `https` links).
  public let legalLinks: [LegalLink]
  /// "Contact Support" as a `mailto:` link, when the brand has a real address.
  public let supportEmailURL: URL?

  @ObservationIgnored let repository: any SettingsRepository
  @ObservationIgnored let themeManager: ThemeManager
  @ObservationIgnored let subscriptionSource: SubscriptionStatusSource
  @ObservationIgnored let account: AccountActions
  @ObservationIgnored let logger: AppLogger
  @ObservationIgnored let onRequireSubscription: @MainActor () -> Void
  @ObservationIgnored let appVersion: String?
  @ObservationIgnored let appBuild: String?
  /// What the repository holds, as far as this model knows: the last loaded or saved value.
  @ObservationIgnored var stored: SettingsDTO = .defaults
  /// The tail of the queue that runs loads and saves one at a time.
  @ObservationIgnored var queueTail: Task<Void, Never>?
  /// Changes shown but not saved yet, oldest first: `settings` is `stored` with these on top.
  @ObservationIgnored var pendingChanges: [PendingChange] = []
  @ObservationIgnored var changeCount = 0

  /// A settings model.
  /// - Parameters:
  ///   - repository: where settings are loaded from and saved to.
  ///   - themeManager: applies the theme; the settings model is the one place that sets it.
  ///   - subscription: whether the user is subscribed, now and as it changes.
  ///   - account: sign-out and account deletion.
  ///   - models: the model picker's choices and default.
  ///   - personas: the persona picker's choices (from FeatureChat's catalogue).
  ///   - brand: legal links and the support address.
  ///   - appVersion: the version to show under About, if known ("2.1.0").
  ///   - appBuild: the build number shown beside the version, if known ("45").
  ///   - logger: failures are logged here (category `.feature`).
  ///   - onRequireSubscription: shows the paywall: "Go Pro", or a premium theme picked
  ///     without a subscription.
  public init(
    repository: any SettingsRepository,
    themeManager: ThemeManager,
    subscription: SubscriptionStatusSource,
    account: AccountActions,
    models: ModelChoices,
    personas: [PersonaOption],
    brand: BrandConfig = .default,
    appVersion: String? = nil,
    appBuild: String? = nil,
    logger: AppLogger = .disabled,
    onRequireSubscription: @escaping @MainActor () -> Void
  ) {
    self.repository = repository
    self.themeManager = themeManager
    self.subscriptionSource = subscription
    self.account = account
    self.modelOptions = models.options
    self.defaultModel = models.defaultID
    self.personaOptions = personas
    self.legalLinks = LegalLink.links(for: brand)
    self.supportEmailURL = brand.supportMailtoURL
    self.appVersion = appVersion
    self.appBuild = appBuild
    self.logger = logger
    self.onRequireSubscription = onRequireSubscription
  }

  // MARK: - Settings as the screen shows them

  /// The selected theme.
  public var theme: Theme { settings.theme }
  /// Whether anonymous diagnostics are shared (opt-in).
  public var shareDiagnostics: Bool { settings.shareDiagnostics }
  /// Whether notifications are on.
  public var notificationsEnabled: Bool { settings.notificationsEnabled }
  /// Whether haptic feedback is on.
  public var hapticsEnabled: Bool { settings.hapticsEnabled }
  /// Whether the app reduces motion.
  public var reduceMotion: Bool { settings.reduceMotion }
  /// The chat layout.
  public var chatUIStyle: SettingsDTO.ChatUIStyle { settings.chatUIStyle }
  /// The model the user picked; `nil` means the default.
  public var selectedModel: String? { settings.selectedModel }
  /// The persona the user picked; `nil` means the default persona.
  public var selectedPersonaID: String? { settings.selectedPersonaID }

  /// The model chats use: the picked one (listed or not), else the default.
  public var effectiveModel: ModelOption? {
    guard let id = selectedModel ?? defaultModel else { return nil }
    return modelOptions.first { $0.id == id } ?? ModelOption(id: id)
  }

  /// The picked persona, when it is one of the options.
  public var selectedPersona: PersonaOption? {
    personaOptions.first { $0.id == settings.selectedPersonaID }
  }

  /// Every theme, in picker order, with whether it is locked for this user.
  public var themeOptions: [ThemeOption] {
    Theme.allCases.map { ThemeOption(theme: $0, isLocked: $0.isPremium && !isSubscribed) }
  }

  /// Whether the configured entitlement is active.
  public var isSubscribed: Bool { subscription?.isSubscribed == true }

  /// "Pro plan" or "Free plan"; `nil` until the state is known.
  public var planName: String? {
    subscription.map { $0.isSubscribed ? L10n.Profile.statusPro : L10n.Profile.statusFree }
  }

  /// Whether to show "Go Pro": the state is known and the user is not subscribed.
  public var showsGoPro: Bool { subscription.map { !$0.isSubscribed } ?? false }

  /// "Version 2.1.0 (45)", when the version was given.
  public var versionText: String? {
    guard let appVersion else { return nil }
    guard let appBuild else { return L10n.Settings.version(appVersion) }
    return L10n.Settings.version(appVersion, build: appBuild)
  }

  /// The last failure, localized; `nil` when there is none.
  public var errorMessage: String? { error?.localizedUserMessage }

  /// The user dismissed the error.
  public func errorDismissed() {
    error = nil
  }
}

/// A theme as the picker shows it.
public struct ThemeOption: Identifiable, Equatable, Sendable {
  /// The theme.
  public let theme: Theme
  /// Whether picking it opens the paywall instead (a premium theme, no subscription).
  public let isLocked: Bool

  /// The theme.
  public var id: Theme { theme }
  /// "Aurora", in the current language.
  public var name: String { L10n.Theme.name(of: theme) }
  /// One line about the theme, in the current language.
  public var description: String { L10n.Theme.description(of: theme) }
  /// Whether to show the "Premium" badge.
  public var isPremium: Bool { theme.isPremium }
}
