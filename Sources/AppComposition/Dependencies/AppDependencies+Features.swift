import Core
import FeatureChat
import FeatureRating
import FeatureSettings
import Localization
import Payments

/// The settings, paywall and account view models, built from the services this object
/// already holds, so the terminal app and a SwiftUI app get the same behaviour.
extension AppDependencies {
  /// The personas the settings picker offers: FeatureChat's catalogue, in its order, named
  /// in the interface language.
  private var personaOptions: [PersonaOption] {
    PersonaCatalogue.all.map {
      PersonaOption(
        id: $0.id.rawValue, name: L10n.Persona.name(forID: $0.id.rawValue) ?? $0.displayName)
    }
  }

  /// The settings picker's models: the AI catalogue's, as plain values.
  private var modelChoices: ModelChoices {
    ModelChoices(
      options: ai.catalogue.models.map {
        ModelOption(id: $0.id.rawValue, displayName: $0.displayName)
      },
      defaultID: ai.catalogue.defaultModel?.rawValue)
  }

  /// A settings model over the app's settings repository, theme manager, subscription,
  /// account, model catalogue and personas. Call its `load()` when the screen appears.
  /// - Parameter onRequireSubscription: shows the paywall ("Go Pro", or a premium theme
  ///   picked without a subscription).
  public func makeSettingsViewModel(
    onRequireSubscription: @escaping @MainActor () -> Void
  ) -> SettingsViewModel {
    SettingsViewModel(
      repository: settings, themeManager: themeManager,
      subscription: SubscriptionStatusSource(payments), account: AccountActions(auth),
      models: modelChoices, personas: personaOptions, appVersion: KilnVersion.current,
      logger: logger, onRequireSubscription: onRequireSubscription)
  }

  /// A paywall selling what the payments client offers at `placement` (`nil`: the user
  /// opened it). A completed purchase records the rating engine's "purchase completed" event
  /// and refreshes the free tier (finished before `shutdown()` closes the database).
  public func makePaywallViewModel(placement: PaywallPlacement? = nil) -> PaywallViewModel {
    PaywallViewModel(payments: payments, placement: placement, logger: logger) {
      [weak self] productID in
      guard let self else { return }
      self.pendingWork.append(Task { await self.purchaseCompleted(productID) })
    }
  }

  /// An account model (sign-in, sign-up, password reset, sign-out, deletion) over the app's
  /// auth client.
  public func makeAccountViewModel() -> AccountViewModel {
    AccountViewModel(auth: auth, logger: logger)
  }

  /// Erases what the user wrote from this device after their account was deleted; see
  /// `LocalUserDataEraser`, which does it.
  /// - Returns: how many conversations and memories were erased.
  /// - Throws: the first storage failure; what was erased before it stays erased.
  @discardableResult
  public func eraseLocalUserData() async throws -> (conversations: Int, memories: Int) {
    try await LocalUserDataEraser(conversations: conversations, memories: memories, logger: logger)
      .erase()
  }

  /// Waits for the bookkeeping view-model callbacks started (a purchase's rating event).
  public func finishPendingWork() async {
    while !pendingWork.isEmpty {
      let work = pendingWork
      pendingWork.removeAll()
      for task in work { await task.value }
    }
  }

  /// What follows a purchase, wherever it was made: the rating engine counts it as a good
  /// moment and the free tier stops counting messages.
  private func purchaseCompleted(_ productID: ProductID) async {
    logger.info("Purchase of \(productID) completed", category: .payments)
    await rating.record(.purchaseCompleted)
    await freeTier.refresh()
  }
}
