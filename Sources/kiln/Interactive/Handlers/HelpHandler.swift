import Localization
import TerminalUI

/// `/help`: the catalogue of commands, by group, and the keys; or one command's usage.
@MainActor
final class HelpHandler: SlashCommandHandler {
  private let console: SessionConsole

  init(console: SessionConsole) {
    self.console = console
  }

  func run(_ command: SlashCommand) async -> Bool {
    guard case .help(let topic) = command else { return false }
    showHelp(topic)
    return true
  }

  func showHelp(_ topic: String?) {
    let theme = console.theme
    if let topic {
      guard let spec = SlashCommandCatalogue.spec(named: topic) else {
        let suggestion = topic.closestMatch(in: SlashCommandCatalogue.allNames, maximumDistance: 2)
        console.problem(
          suggestion.map { L10n.Session.Help.noSuchCommandSuggesting(topic, $0) }
            ?? L10n.Session.Help.noSuchCommand(topic))
        return
      }
      console.say(spec.usage, theme.accent.adding(.bold))
      console.say("  " + spec.summary)
      if !spec.aliases.isEmpty {
        console.hint(
          "  " + L10n.Session.Help.helpAlso(spec.aliases.map { "/" + $0 }.joined(separator: ", ")))
      }
      return
    }
    let width = (SlashCommandCatalogue.all.map(\.usage.count).max() ?? 20) + 2
    for group in SlashCommandSpec.Group.allCases {
      console.say(group.title, theme.heading)
      for spec in SlashCommandCatalogue.all where spec.group == group {
        let usage = spec.usage.padding(toLength: width, withPad: " ", startingAt: 0)
        console.say(
          StyledText("  " + usage, style: theme.accent) + StyledText(spec.summary), cut: true)
      }
    }
    console.say(L10n.Session.Help.keysHeading, theme.heading)
    for line in Self.keyHelp { console.say("  " + line, theme.dim) }
  }

  static var keyHelp: [String] {
    [
      L10n.Session.Help.keysLine1, L10n.Session.Help.keysLine2, L10n.Session.Help.keysLine3,
      L10n.Session.Help.keysLine4,
    ]
  }
}
