import Storage
import Testing

@testable import kiln

/// The names and values `/settings NAME VALUE` understands.
@Suite struct SessionSettingTests {
  @Test(arguments: [
    ("haptics", SessionSetting.haptics), ("HAPTICS", .haptics), ("haptic-feedback", .haptics),
    ("reduce-motion", .reduceMotion), ("Reduce_Motion", .reduceMotion),
    ("reducemotion", .reduceMotion), ("motion", .reduceMotion), ("chat-style", .chatStyle),
    ("style", .chatStyle), ("diagnostics", .diagnostics), ("share_diagnostics", .diagnostics),
    ("notifications", .notifications), ("theme", .theme), ("model", .model),
    ("persona", .persona),
  ])
  func namesAndCommonSpellingsFindTheSetting(_ name: String, _ expected: SessionSetting) {
    #expect(SessionSetting.named(name) == expected)
  }

  @Test func anUnknownNameFindsNothingButSuggestsTheClosest() {
    #expect(SessionSetting.named("hptics") == nil)
    #expect(SessionSetting.suggestion(for: "hptics") == "haptics")
    #expect(SessionSetting.suggestion(for: "volume") == nil)
  }

  @Test func noTwoSettingsShareAName() {
    let names = SessionSetting.allCases.flatMap { [$0.rawValue] + $0.aliases }
    #expect(Set(names).count == names.count)
    for name in names { #expect(SessionSetting.named(name) != nil, "\(name)") }
  }

  @Test(arguments: [
    ("on", true), ("ON", true), ("yes", true), ("true", true), ("1", true), ("enabled", true),
    ("off", false), ("no", false), ("false", false), ("0", false), ("disable", false),
  ])
  func switchesTakeOnAndOffAndTheirSynonyms(_ word: String, _ expected: Bool) {
    #expect(SessionSetting.switchPosition(word) == expected)
  }

  @Test func somethingElseIsNeitherOnNorOff() {
    #expect(SessionSetting.switchPosition("maybe") == nil)
    #expect(SessionSetting.switchPosition("") == nil)
  }

  @Test func chatStylesByNameOrByTheNameTheScreenShows() {
    #expect(SessionSetting.chatStyle("bubble") == .bubble)
    #expect(SessionSetting.chatStyle("Centered") == .centered)
    #expect(SessionSetting.chatStyle("Prompt Chat") == .centered)
    #expect(SessionSetting.chatStyle("bubble chat") == .bubble)
    #expect(SessionSetting.chatStyle("round") == nil)
  }

  @Test func onlyTheFourSwitchesAreSwitches() {
    #expect(
      SessionSetting.allCases.filter(\.isSwitch)
        == [.diagnostics, .notifications, .haptics, .reduceMotion])
  }

  @Test func tabCompletesSettingNames() {
    let complete = { (text: String) in
      SlashCommandCatalogue.completions(for: text, themes: [], personas: [], models: [])
    }
    #expect(complete("/settings ha") == ["/settings haptics"])
    #expect(complete("/settings re") == ["/settings reduce-motion"])
  }
}
