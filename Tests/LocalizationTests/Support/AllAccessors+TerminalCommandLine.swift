import Localization

extension AllAccessors {
  static let terminalCommandLine: [Accessor] = [
    ("Terminal.unknownCommand", { L10n.Terminal.CommandLine.unknownCommand("x") }),
    (
      "Terminal.unknownCommandSuggesting",
      { L10n.Terminal.CommandLine.unknownCommandSuggesting("x", "x") }
    ),
    ("Terminal.unknownOption", { L10n.Terminal.CommandLine.unknownOption("x", "x") }),
    (
      "Terminal.unknownOptionSuggesting",
      { L10n.Terminal.CommandLine.unknownOptionSuggesting("x", "x", "x") }
    ),
    ("Terminal.needsTwoValues", { L10n.Terminal.CommandLine.needsTwoValues("x", "x") }),
    ("Terminal.needsValue", { L10n.Terminal.CommandLine.needsValue("x", "x") }),
    ("Terminal.takesNoValue", { L10n.Terminal.CommandLine.takesNoValue("x") }),
    (
      "Terminal.argumentCountProblem",
      { L10n.Terminal.CommandLine.argumentCountProblem("x", "x", "x") }
    ),
    ("Terminal.needsArgument", { L10n.Terminal.CommandLine.needsArgument("x") }),
    ("Terminal.takesNoArguments", { L10n.Terminal.CommandLine.takesNoArguments("x") }),
    ("Terminal.takesOnly", { L10n.Terminal.CommandLine.takesOnly("x", "x") }),
    ("Terminal.takesAtMost", { L10n.Terminal.CommandLine.takesAtMost(2, "x") }),
    ("Terminal.configurationUnusable", { L10n.Terminal.CommandLine.configurationUnusable }),
  ]
}
