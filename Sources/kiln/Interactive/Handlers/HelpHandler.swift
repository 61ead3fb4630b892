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
          "There is no /\(topic).\(suggestion.map { " Did you mean /\($0)?" } ?? "")")
        return
      }
      console.say(spec.usage, theme.accent.adding(.bold))
      console.say("  " + spec.summary)
      if !spec.aliases.isEmpty {
        console.hint("  also: " + spec.aliases.map { "/" + $0 }.joined(separator: ", "))
      }
      return
    }
    let width = (SlashCommandCatalogue.all.map(\.usage.count).max() ?? 20) + 2
    for group in SlashCommandSpec.Group.allCases {
      console.say(group.rawValue, theme.heading)
      for spec in SlashCommandCatalogue.all where spec.group == group {
        let usage = spec.usage.padding(toLength: width, withPad: " ", startingAt: 0)
        console.say(
          StyledText("  " + usage, style: theme.accent) + StyledText(spec.summary), cut: true)
      }
    }
    console.say("Keys", theme.heading)
    for line in Self.keyHelp { console.say("  " + line, theme.dim) }
  }

  static let keyHelp = [
    "Enter sends · Alt-Enter starts a new line · Up/Down browse what you typed · Tab completes",
    "Ctrl-A/E start/end · Ctrl-K/U cut to end/start · Ctrl-W cut a word · Ctrl-Y paste it back",
    "Ctrl-C stops a reply (on an empty line twice: quit) · Esc keeps a reply going in the "
      + "background",
    "Ctrl-D quits · Ctrl-L clears the screen · //text sends a message that starts with /",
  ]
}
