import Core
import FeatureSettings
import Payments
import Storage
import TestSupport
import Testing

/// The settings model over a real SQLite file: what it saves is there after the database is
/// closed and opened again by a new model.
@MainActor @Suite struct SettingsPersistenceTests {
  let clock = ManualClock()

  func makeViewModel(database: StorageDatabase, payments: MockPaymentsClient) -> SettingsViewModel {
    SettingsViewModel(
      repository: SQLiteSettingsRepository(database: database),
      themeManager: ThemeManager(store: InMemoryKeyValueStore()),
      subscription: SubscriptionStatusSource(payments),
      account: SettingsHarness.unexpectedAccountActions,
      models: .defaults, personas: SettingsHarness.personas, onRequireSubscription: {})
  }

  @Test func everyChangeIsOnDiskWhenTheFileIsOpenedAgain() async throws {
    try await withTemporaryDirectory(prefix: "kiln-settings") { directory in
      let path = directory.appendingPathComponent("kiln.sqlite").path
      let payments = MockPaymentsClient(
        clock: clock.appClock, initialState: SettingsHarness.subscribed(at: clock.now))

      let database = try StorageDatabase(path: path, clock: clock.appClock)
      let settings = makeViewModel(database: database, payments: payments)
      await settings.load()
      await settings.themeSelected(.obsidian)
      await settings.diagnosticsToggled(true)
      await settings.notificationsToggled(false)
      await settings.hapticsToggled(false)
      await settings.reduceMotionToggled(true)
      await settings.chatStyleSelected(.centered)
      await settings.modelSelected(.gpt4oMini)
      await settings.personaSelected("swift-expert")
      #expect(settings.error == nil)
      await database.close()

      let reopened = try StorageDatabase(path: path, clock: clock.appClock)
      let again = makeViewModel(database: reopened, payments: payments)
      await again.load()
      #expect(
        again.settings
          == SettingsDTO(
            theme: .obsidian, shareDiagnostics: true, notificationsEnabled: false,
            hapticsEnabled: false, reduceMotion: true, chatUIStyle: .centered,
            selectedModel: "openai/gpt-4o-mini", selectedPersonaID: "swift-expert"))
      await reopened.close()
    }
  }
}
