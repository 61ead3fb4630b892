import AI
import AppComposition
import Core
import FeatureChat
import Localization
import Testing

@testable import kiln

/// `/settings` and `/theme` on their own: the settings screen, the focus, the AI settings,
/// the plan and a paywall, without a session.
@MainActor
@Suite struct SettingsHandlerTests {
  private func makeHandler(
    _ harness: HandlerHarness, _ dependencies: AppDependencies
  ) -> SettingsHandler {
    SettingsHandler(
      console: harness.console, screen: harness.screen(dependencies), focus: harness.focus,
      ai: dependencies.ai, plan: harness.plan(dependencies), paywall: harness.paywall(dependencies))
  }

  @Test func aSwitchIsSavedAndConfirmed() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    #expect(await makeHandler(harness, dependencies).run(.settings(name: "haptics", value: "off")))
    #expect(harness.io.output == "\(L10n.Settings.haptics): off.\n")
    #expect(try await dependencies.settings.load().hapticsEnabled == false)
  }

  @Test func theDefaultModelGoesIntoTheFocusAndTheConversationOnScreen() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    let handler = makeHandler(harness, dependencies)
    #expect(await handler.run(.settings(name: "model", value: "gpt-4o")))
    #expect(harness.focus.model?.rawValue == "gpt-4o")
    #expect(harness.io.output.contains("\(L10n.Settings.model): gpt-4o."))
  }

  @Test func aProThemeWithoutTheSubscriptionOpensThePaywallAndKeepsTheTheme() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    #expect(await makeHandler(harness, dependencies).run(.theme("aurora")))
    #expect(harness.io.errors.contains("Aurora is a Kiln Pro theme."))
    #expect(harness.io.output.contains("/upgrade N buys plan N"), "the paywall opened")
    #expect(dependencies.themeManager.selected == .system)
  }

  @Test func aFreeThemeRepaintsTheConsole() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    #expect(await makeHandler(harness, dependencies).run(.theme("dark")))
    #expect(harness.console.theme == SessionTheme.terminalTheme(for: .dark))
    #expect(harness.io.output.contains("Theme: Dark."))
  }

  @Test func theSavedPersonaAnswersUnlessTheCommandLineChoseOne() async throws {
    let dependencies = AppDependencies.preview()
    let saving = HandlerHarness()
    _ = await makeHandler(saving, dependencies).run(
      .settings(name: "persona", value: "translator"))
    let fresh = HandlerHarness()
    await makeHandler(fresh, dependencies).loadSaved(keepingPersona: false, keepingModel: false)
    #expect(fresh.focus.persona.id == .translator)
    let chosen = HandlerHarness(persona: PersonaCatalogue.defaultPersona)
    await makeHandler(chosen, dependencies).loadSaved(keepingPersona: true, keepingModel: false)
    #expect(chosen.focus.persona.id == .generalAssistant)
  }

  @Test func anUnknownSettingNamesTheClosestAndChangesNothing() async throws {
    let harness = HandlerHarness()
    let dependencies = AppDependencies.preview()
    #expect(await makeHandler(harness, dependencies).run(.settings(name: "haptix", value: "off")))
    #expect(harness.io.errors.contains("There is no setting 'haptix'. Did you mean haptics?"))
    #expect(try await dependencies.settings.load().hapticsEnabled == true)
  }
}
