/// The shape of one `kiln` subcommand: its options, arguments and help.
struct CommandSpec: Sendable {
  /// One option such as `--json` or `--format markdown`.
  struct Option: Sendable {
    let name: String
    let valueName: String?
    let summary: String
    /// The one-letter form, such as `-m` for `--model`.
    var short: String?
    /// Other long names, such as `--cid` (what `llm` calls `--conversation`).
    var aliases: [String] = []
    /// Takes two values (`-o NAME VALUE`) and may be repeated.
    var takesPair = false

    var takesValue: Bool { valueName != nil }

    /// Whether `argument` (without any `=VALUE`) is this option by any of its names.
    func isNamed(_ argument: String) -> Bool {
      argument == name || argument == short || aliases.contains(argument)
    }

    static func flag(_ name: String, short: String? = nil, _ summary: String) -> Option {
      Option(name: name, valueName: nil, summary: summary, short: short)
    }

    static func value(
      _ name: String, short: String? = nil, aliases: [String] = [], _ valueName: String,
      _ summary: String
    ) -> Option {
      Option(name: name, valueName: valueName, summary: summary, short: short, aliases: aliases)
    }

    /// An option followed by two values, repeatable: `-o temperature 0.2 -o top_p 0.9`.
    static func pair(
      _ name: String, short: String? = nil, _ valueNames: String, _ summary: String
    ) -> Option {
      Option(
        name: name, valueName: valueNames, summary: summary, short: short, takesPair: true)
    }
  }

  let name: String
  let summary: String
  /// Usage after `kiln <name>`, e.g. `[--json] QUERY`.
  let usage: String
  let options: [Option]
  /// How many positional arguments are allowed.
  let arguments: ClosedRange<Int>
  /// What the positional arguments mean, for error messages.
  let argumentName: String

  init(
    _ name: String, summary: String, usage: String = "", options: [Option] = [],
    arguments: ClosedRange<Int> = 0...0, argumentName: String = "argument"
  ) {
    self.name = name
    self.summary = summary
    self.usage = usage
    self.options = options
    self.arguments = arguments
    self.argumentName = argumentName
  }

  func option(named name: String) -> Option? {
    (options + CommandSpec.globalOptions).first { $0.isNamed(name) }
  }

  /// Options every command accepts.
  static let globalOptions: [Option] = [
    .value("--config", "PATH", "read configuration from PATH instead of ~/.config/kiln/config"),
    .value("--data-dir", "PATH", "keep data in PATH instead of ~/.local/share/kiln"),
    .flag("--no-color", "never colour the output"),
    .flag("--help", "show help"),
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
