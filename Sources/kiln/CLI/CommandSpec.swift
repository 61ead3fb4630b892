import Localization

/// The shape of one `kiln` subcommand: its options, arguments and help.
struct CommandSpec: Sendable {
  /// One option such as `--json` or `--format markdown`.
  struct Option: Sendable {
    let name: String
    let valueName: String?
    /// Read when shown, so the words follow the language chosen at launch.
    let summaryText: @Sendable () -> String
    /// The one-letter form, such as `-m` for `--model`.
    var short: String?
    /// Other long names, such as `--cid` (what `llm` calls `--conversation`).
    var aliases: [String] = []
    /// Takes two values (`-o NAME VALUE`) and may be repeated.
    var takesPair = false

    var takesValue: Bool { valueName != nil }
    var summary: String { summaryText() }

    init(
      name: String, valueName: String?, summary: @escaping @Sendable () -> String,
      short: String? = nil, aliases: [String] = [], takesPair: Bool = false
    ) {
      self.name = name
      self.valueName = valueName
      summaryText = summary
      self.short = short
      self.aliases = aliases
      self.takesPair = takesPair
    }

    /// Whether `argument` (without any `=VALUE`) is this option by any of its names.
    func isNamed(_ argument: String) -> Bool {
      argument == name || argument == short || aliases.contains(argument)
    }

    static func flag(
      _ name: String, short: String? = nil,
      _ summary: @autoclosure @escaping @Sendable () -> String
    ) -> Option {
      Option(name: name, valueName: nil, summary: summary, short: short)
    }

    static func value(
      _ name: String, short: String? = nil, aliases: [String] = [], _ valueName: String,
      _ summary: @autoclosure @escaping @Sendable () -> String
    ) -> Option {
      Option(name: name, valueName: valueName, summary: summary, short: short, aliases: aliases)
    }

    /// An option followed by two values, repeatable: `-o temperature 0.2 -o top_p 0.9`.
    static func pair(
      _ name: String, short: String? = nil, _ valueNames: String,
      _ summary: @autoclosure @escaping @Sendable () -> String
    ) -> Option {
      Option(
        name: name, valueName: valueNames, summary: summary, short: short, takesPair: true)
    }
  }

  let name: String
  private let summaryText: @Sendable () -> String
  /// What the command does, in the language chosen at launch.
  var summary: String { summaryText() }
  /// Usage after `kiln <name>`, e.g. `[--json] QUERY`.
  let usage: String
  let options: [Option]
  /// How many positional arguments are allowed.
  let arguments: ClosedRange<Int>
  private let argumentNameText: @Sendable () -> String
  /// What the positional arguments mean, for error messages.
  var argumentName: String { argumentNameText() }

  init(
    _ name: String, summary: @autoclosure @escaping @Sendable () -> String, usage: String = "",
    options: [Option] = [],
    arguments: ClosedRange<Int> = 0...0,
    argumentName: @autoclosure @escaping @Sendable () -> String = L10n.Terminal.Help.argumentGeneric
  ) {
    self.name = name
    summaryText = summary
    self.usage = usage
    self.options = options
    self.arguments = arguments
    argumentNameText = argumentName
  }

  func option(named name: String) -> Option? {
    (options + CommandSpec.globalOptions).first { $0.isNamed(name) }
  }

  /// Options every command accepts.
  static let globalOptions: [Option] = [
    .value("--config", "PATH", L10n.Terminal.Help.configOption),
    .value("--data-dir", "PATH", L10n.Terminal.Help.dataDirOption),
    .flag("--no-color", L10n.Terminal.Help.noColorOption),
    .flag("--help", L10n.Terminal.Help.helpOption),
  ]
}

/// A command line after parsing: which command, which options, which arguments.
struct ParsedCommand: Equatable, Sendable {
  var name: String
  var flags: Set<String> = []
  var values: [String: String] = [:]
  var arguments: [String] = []
  /// The values of two-value options, in the order given, by the option's name.
  var pairs: [String: [Pair]] = [:]

  /// One `NAME VALUE` given to a two-value option.
  struct Pair: Equatable, Sendable {
    var name: String
    var value: String
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }
  func value(_ option: String) -> String? { values[option] }
}
