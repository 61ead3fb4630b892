import Localization

extension AllAccessors {
  static let terminalCommandLine: [Accessor] = [
    ("Terminal.unknownCommand", { L10n.Terminal.unknownCommand("x") }),
    ("Terminal.unknownCommandSuggesting", { L10n.Terminal.unknownCommandSuggesting("x", "x") }),
    ("Terminal.unknownOption", { L10n.Terminal.unknownOption("x", "x") }),
    ("Terminal.unknownOptionSuggesting", { L10n.Terminal.unknownOptionSuggesting("x", "x", "x") }),
    ("Terminal.needsTwoValues", { L10n.Terminal.needsTwoValues("x", "x") }),
    ("Terminal.needsValue", { L10n.Terminal.needsValue("x", "x") }),
    ("Terminal.takesNoValue", { L10n.Terminal.takesNoValue("x") }),
    ("Terminal.argumentCountProblem", { L10n.Terminal.argumentCountProblem("x", "x", "x") }),
    ("Terminal.needsArgument", { L10n.Terminal.needsArgument("x") }),
    ("Terminal.takesNoArguments", { L10n.Terminal.takesNoArguments("x") }),
    ("Terminal.takesOnly", { L10n.Terminal.takesOnly("x", "x") }),
    ("Terminal.takesAtMost", { L10n.Terminal.takesAtMost(2, "x") }),
    ("Terminal.configurationUnusable", { L10n.Terminal.configurationUnusable }),
  ]
}
