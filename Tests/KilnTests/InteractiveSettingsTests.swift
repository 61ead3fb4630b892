import AppComposition
import Core
import FeatureChat
import Localization
import Storage
import TestSupport
import Testing

@testable import kiln

/// `/settings` and `/theme` through the settings view model: listing, changing every kind
/// of setting, errors, and what the next session (and the next run, over real SQLite) sees.
@MainActor
@Suite struct InteractiveSettingsTests {
  /// The columns of `/settings`' row for `name` (name, label, value, choices), or `nil`.
  private func row(_ name: String, in output: String) -> [String]? {
    KilnOutput.settingsRow(name, in: output)
  }

  @Test func settingsListsEverySettingWithItsValueAndHowToChangeIt() async throws {
    let io = ScriptedSessionIO(["/settings"])
    let (session, _) = makeSession(io)
    _ = await session.run(opening: nil)
    for setting in SessionSetting.allCases where setting.appliesInTerminal {
      let columns = try #require(row(setting.rawValue, in: io.output), "\(setting) is listed")
      #expect(columns.count == 4, "\(columns)")
      #expect(columns.dropFirst().first == setting.label)
      #expect(columns.last == setting.choices)
    }
    // The phone app's settings mean nothing in a terminal: named, not listed.
    for name in ["diagnostics", "notifications", "haptics", "chat-style"] {
      #expect(row(name, in: io.output) == nil, "\(name) is not listed")
    }
    #expect(
      io.output.contains(
        "The app's phone settings (diagnostics, notifications, haptics, chat-style) do nothing"))
    #expect(row("theme", in: io.output)?[2] == "System")
    #expect(row("reduce-motion", in: io.output)?[2] == "off")
    #expect(row("model", in: io.output)?[2] == "openai/gpt-3.5-turbo (default)")
    #expect(row("persona", in: io.output)?[2] == "General Assistant")
    #expect(io.output.contains("/settings NAME VALUE changes one"))
    #expect(io.output.contains("Plan: free, 10 of 10 free messages left."))
    #expect(io.errors.isEmpty)
  }

  @Test func everyKindOfSettingIsSavedAndIsThereInTheNextRun() async throws {
    let home = try ChatTestHome()
    let first = try await makeLiveDependencies(home)
    let io = ScriptedSessionIO([
      "/settings diagnostics on", "/settings notifications off", "/settings haptics no",
      "/settings reduce_motion yes", "/settings style centered", "/settings model gpt-4o",
      "/settings persona translator", "/settings theme dark", "/settings haptics",
    ])
    _ = await makeSession(io, over: first).run(opening: nil)
    await first.shutdown()
    #expect(io.errors.isEmpty, "\(io.errors)")
    #expect(io.output.contains("\(L10n.Settings.shareDiagnostics): on."))
    #expect(io.output.contains("\(L10n.Settings.allowNotifications): off."))
    #expect(io.output.contains("\(L10n.Settings.haptics): off."))
    #expect(io.output.contains("\(L10n.Settings.reduceMotion): on."))
    #expect(io.output.contains("\(L10n.Settings.chatStyle): centered."))
    #expect(io.output.contains("\(L10n.Settings.model): gpt-4o."))
    #expect(io.output.contains("\(L10n.Settings.persona): Translator."))
    #expect(io.output.contains("Theme: Dark."))
    #expect(io.output.contains("/settings haptics VALUE changes it."))

    let second = try await makeLiveDependencies(home)
    #expect(second.themeManager.selected == .dark, "the next run starts with the theme")
    let saved = try await second.settings.load()
    #expect(
      saved
        == SettingsDTO(
          theme: .dark, shareDiagnostics: true, notificationsEnabled: false,
          hapticsEnabled: false, reduceMotion: true, chatUIStyle: .centered,
          selectedModel: "gpt-4o", selectedPersonaID: "translator"))
    // Phone-only settings are shown by name (the list leaves them out).
    let later = ScriptedSessionIO(["/settings", "/settings haptics", "/settings chat-style"])
    let session = makeSession(later, over: second)
    _ = await session.run(opening: nil)
    await second.shutdown()
    #expect(row("haptics", in: later.output)?[2] == "off")
    #expect(row("chat-style", in: later.output)?[2] == "centered")
    #expect(row("persona", in: later.output)?[2] == "Translator")
    #expect(row("theme", in: later.output)?[2] == "Dark")
    #expect(session.persona.id == .translator, "the saved persona starts new conversations")
    #expect(session.model?.rawValue == "gpt-4o", "and the saved model")
  }

  @Test func theSavedPersonaAndModelAnswerTheNextSessionUnlessTheCommandLineChoosesOthers()
    async throws
  {
    let dependencies = AppDependencies.preview(uuid: .incrementing())
    let first = ScriptedSessionIO(["/settings persona swift-expert", "/settings model 2"])
    _ = await makeSession(first, over: dependencies).run(opening: nil)
    #expect(first.output.contains("\(L10n.Settings.model): openai/gpt-4o-mini."))

    let next = ScriptedSessionIO(["hello"])
    let session = makeSession(next, over: dependencies)
    _ = await session.run(opening: nil)
    #expect(session.chat?.persona.id == .swiftExpert)
    #expect(session.chat?.model?.rawValue == "openai/gpt-4o-mini")

    let chosen = InteractiveSession(
      dependencies: dependencies, io: ScriptedSessionIO(["bonjour"]), historyFile: nil,
      environment: [:], persona: PersonaCatalogue.persona(.translator), model: "other")
    _ = await chosen.run(opening: nil)
    #expect(chosen.chat?.persona.id == .translator)
    #expect(chosen.chat?.model?.rawValue == "other")

    let reset = ScriptedSessionIO(["/settings persona default", "/settings model default"])
    let resetting = makeSession(reset, over: dependencies)
    _ = await resetting.run(opening: nil)
    #expect(try await dependencies.settings.load().selectedPersonaID == nil)
    #expect(try await dependencies.settings.load().selectedModel == nil)
    #expect(resetting.persona.id == PersonaCatalogue.defaultPersona.id)
    #expect(resetting.model == nil)
  }

  @Test(arguments: [
    ("/settings hptics on", "There is no setting 'hptics'. Did you mean haptics?"),
    ("/settings volume 3", "There is no setting 'volume'. Settings: theme, diagnostics"),
    ("/settings haptics maybe", "'maybe' is not on or off. Usage: /settings haptics on|off"),
    ("/settings chat-style bubbel", "There is no chat style 'bubbel'. Did you mean bubble?"),
    ("/settings persona pirate", "There is no persona 'pirate'."),
    ("/settings model 7", "There is no model 7 (1–2); /model lists them."),
    ("/settings theme neon", "There is no theme 'neon'."),
    ("/theme auroa", "There is no theme 'auroa'. Did you mean aurora?"),
  ])
  func unknownSettingsAndValuesSayWhatWouldWork(_ line: String, _ message: String) async throws {
    let io = ScriptedSessionIO([line])
    let (session, dependencies) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.errors.contains(message), "\(io.errors)")
    #expect(try await dependencies.settings.load() == .defaults, "nothing changed")
  }

  @Test func aPremiumThemeWithoutKilnProShowsThePaywallAndChangesNothing() async throws {
    let io = ScriptedSessionIO(["/theme", "/theme 5"])
    let (session, dependencies) = makeSession(io)
    _ = await session.run(opening: nil)
    #expect(io.output.contains("aurora    Aurora  Warm cream with coral accents  Kiln Pro"))
    #expect(io.output.contains("(in use)"))
    #expect(io.errors.contains("Obsidian is a Kiln Pro theme."))
    #expect(io.output.contains("Annual  $79.99 per year"), "the paywall's plans follow")
    #expect(dependencies.themeManager.selected == .system)
    #expect(try await dependencies.settings.load().theme == .system)
  }

  @Test func aThemeIsKeptForTheNextRunAndFallsBackWhenKilnProLapses() async throws {
    let home = try ChatTestHome()
    let clock = ManualClock()
    let first = try await makeLiveDependencies(home, clock: clock.appClock)
    let io = ScriptedSessionIO(["/upgrade 1", "/theme aurora"])
    _ = await makeSession(io, over: first).run(opening: nil)
    await first.shutdown()
    #expect(io.output.contains("Theme: Aurora."), "\(io.errors)")

    let second = try await makeLiveDependencies(home, clock: clock.appClock)
    #expect(second.themeManager.selected == .aurora, "the next run starts with it")
    let again = ScriptedSessionIO(["/theme"])
    let session = makeSession(again, over: second)
    _ = await session.run(opening: nil)
    await second.shutdown()
    #expect(again.output.contains("Warm cream with coral accents  Kiln Pro  (in use)"))
    #expect(session.theme == SessionTheme.terminalTheme(for: .aurora))

    // A month and a bit later the mock subscription has lapsed by the clock.
    await clock.advance(by: .seconds(32 * 86_400))
    let third = try await makeLiveDependencies(home, clock: clock.appClock)
    let lapsed = ScriptedSessionIO([])
    let lapsedSession = makeSession(lapsed, over: third)
    _ = await lapsedSession.run(opening: nil)
    #expect(lapsed.output.contains("Kiln Pro has ended, so the theme is System again"))
    #expect(third.themeManager.selected == .system)
    #expect(try await third.settings.load().theme == .system)
    #expect(lapsedSession.theme == SessionTheme.terminalTheme(for: .system))
    await third.shutdown()
  }
}
