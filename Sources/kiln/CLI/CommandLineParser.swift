import Core
import Localization

/// Turns `kiln`'s arguments into a `ParsedCommand`, with errors that say how to fix them.
struct CommandLineParser: Sendable {
  let commands: [CommandSpec]
  /// The command run when none is named (the interactive chat).
  let defaultCommand: String

  /// A usage problem: the message names the command and the offending argument.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    let command: String?
    var description: String { message }
  }

  func parse(_ arguments: [String]) throws -> ParsedCommand {
    var remaining = Self.commandFirst(arguments)[...]
    var command = ParsedCommand(name: defaultCommand)
    var spec = commands.first { $0.name == defaultCommand }

    // `kiln --version` (or -V, -v) is the `version` command, whatever follows it.
    if let first = remaining.first, Self.isVersion(first) {
      remaining = (["version"] + remaining.dropFirst())[...]
    }

    // A leading word that is not an option names the command.
    if let first = remaining.first, !first.hasPrefix("-") || first == "-" {
      if let named = commands.first(where: { $0.name == first }) {
        spec = named
        command.name = named.name
        remaining = remaining.dropFirst()
      } else {
        let message =
          closest(first, among: commands.map(\.name)).map {
            L10n.Terminal.CommandLine.unknownCommandSuggesting(first, $0)
          } ?? L10n.Terminal.CommandLine.unknownCommand(first)
        throw UsageError(message: message, command: nil)
      }
    }
    guard let spec else {
      throw UsageError(message: "no default command", command: nil)
    }

    var onlyArguments = false
    while let argument = remaining.popFirst() {
      if onlyArguments || !argument.hasPrefix("-") || argument == "-" {
        command.arguments.append(argument)
        continue
      }
      if argument == "--" {
        onlyArguments = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if let alias = Self.aliases[name] { name = alias }
      guard let option = spec.option(named: name) else {
        let names = (spec.options + CommandSpec.globalOptions).map(\.name)
        let message =
          closest(name, among: names).map {
            L10n.Terminal.CommandLine.unknownOptionSuggesting(argument, spec.name, $0)
          } ?? L10n.Terminal.CommandLine.unknownOption(argument, spec.name)
        throw UsageError(message: message, command: spec.name)
      }
      // `-m` and `--cid` are stored under the option's own name, as `--model` is.
      name = option.name
      if option.takesPair {
        guard inlineValue == nil, let first = remaining.popFirst(),
          let second = remaining.popFirst()
        else {
          throw UsageError(
            message: L10n.Terminal.CommandLine.needsTwoValues(
              name, option.valueName ?? "NAME VALUE"),
            command: spec.name)
        }
        command.pairs[name, default: []].append(ParsedCommand.Pair(name: first, value: second))
      } else if option.takesValue {
        guard let value = inlineValue ?? remaining.popFirst() else {
          throw UsageError(
            message: L10n.Terminal.CommandLine.needsValue(name, option.valueName ?? "VALUE"),
            command: spec.name)
        }
        command.values[name] = value
      } else {
        guard inlineValue == nil else {
          throw UsageError(
            message: L10n.Terminal.CommandLine.takesNoValue(name), command: spec.name)
        }
        command.flags.insert(name)
      }
    }

    if !command.has("--help") && !spec.arguments.contains(command.arguments.count) {
      throw UsageError(
        message: L10n.Terminal.CommandLine.argumentCountProblem(
          spec.name, Self.countProblem(command.arguments, spec),
          "kiln \(spec.name) \(spec.usage)".trimmingCharacters(in: .whitespaces)),
        command: spec.name)
    }
    return command
  }

  /// What is wrong with the number of `arguments`: too few says what is needed, too many
  /// quotes the ones that are left over.
  private static func countProblem(_ arguments: [String], _ spec: CommandSpec) -> String {
    let limit = spec.arguments.upperBound
    guard arguments.count > limit else {
      return L10n.Terminal.CommandLine.needsArgument(spec.argumentName)
    }
    let extra = arguments[limit...].map { "'\($0)'" }.joined(separator: " ")
    switch limit {
    case 0: return L10n.Terminal.CommandLine.takesNoArguments(extra)
    case 1: return L10n.Terminal.CommandLine.takesOnly(spec.argumentName, extra)
    default: return L10n.Terminal.CommandLine.takesAtMost(limit, extra)
    }
  }

  /// `arguments` with any global options written before the command's name moved after it,
  /// so `kiln --config FILE ask hi` means `kiln ask --config FILE hi`.
  static func commandFirst(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      guard argument.hasPrefix("--"), argument != "--",
        let option = CommandSpec.globalOptions.first(where: { $0.name == name })
      else { break }
      leading.append(argument)
      index += 1
      if option.takesValue, !argument.contains("="), index < arguments.endIndex {
        leading.append(arguments[index])
        index += 1
      }
    }
    guard !leading.isEmpty, index < arguments.endIndex,
      !arguments[index].hasPrefix("-") || isVersion(arguments[index])
    else {
      return arguments
    }
    return [arguments[index]] + leading + arguments[(index + 1)...]
  }

  private static let aliases = ["-h": "--help", "-V": "--version", "-v": "--version"]

  /// Whether `argument` is `--version` or one of its short aliases.
  private static func isVersion(_ argument: String) -> Bool {
    (aliases[argument] ?? argument) == "--version"
  }

  private func closest(_ word: String, among candidates: [String]) -> String? {
    word.closestMatch(in: candidates, maximumDistance: 2)
  }
}
