import Core
import Payments
import Storage

extension SettingsViewModel {
  /// Reads the subscription state and the stored settings, shows them and applies the theme.
  /// A premium theme stored for a user who is not subscribed falls back to System (saved).
  /// Safe to call again: it reads the stored settings afresh, keeping unsaved changes.
  public func load() async {
    await enqueue { await self.readStoredSettings() }
    await fallBackFromLockedTheme()
  }

  /// Follows the subscription until the calling task is cancelled. It first waits for
  /// `load()` (and calls it when nothing has), so the state it starts from is the judged
  /// one, never a client's placeholder. When the subscription lapses while a premium theme
  /// is in use, the theme falls back to System.
  public func observeSubscriptionChanges() async {
    if loadState == .notLoaded {
      await load()
    } else {
      await enqueue {}
    }
    for await state in subscriptionSource.updates() {
      await subscriptionChanged(to: state)
    }
  }

  /// The user picked a theme. A premium theme without a subscription is not applied:
  /// `onRequireSubscription` shows the paywall instead.
  public func themeSelected(_ theme: Theme) async {
    guard theme != settings.theme else { return }
    guard !theme.isPremium || isSubscribed else {
      logger.info("\(theme) needs a subscription; showing the paywall", category: .feature)
      onRequireSubscription()
      return
    }
    await change(\.theme, to: theme)
  }

  /// The user tapped "Go Pro".
  public func goProButtonTapped() {
    onRequireSubscription()
  }

  func subscriptionChanged(to state: PaymentsState) async {
    guard state != subscription else { return }
    subscription = state
    refreshShownSettings()
    await fallBackFromLockedTheme()
  }

  private func readStoredSettings() async {
    loadState = .loading
    subscription = await subscriptionSource.current()
    do {
      stored = try await repository.load()
      loadState = .loaded
    } catch {
      loadState = .failed(AppError.from(error))
      report(error, while: "Loading settings")
    }
    refreshShownSettings()
  }

  /// Saves System in place of a premium theme the user may no longer use. The screen shows
  /// System already (`refreshShownSettings()` locks premium themes); this makes it stick.
  private func fallBackFromLockedTheme() async {
    guard subscription?.isSubscribed == false, requestedSettings.theme.isPremium else { return }
    logger.notice(
      "No active subscription: \(requestedSettings.theme) falls back to System",
      category: .feature)
    await change(\.theme, to: .system)
  }
}
