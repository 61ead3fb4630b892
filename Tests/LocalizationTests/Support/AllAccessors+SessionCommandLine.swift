import Localization

extension AllAccessors {
  static let sessionCommandLine: [Accessor] = [
    ("Session.typeCommandAfterSlash", { L10n.Session.CommandLine.typeCommandAfterSlash }),
    ("Session.unknownCommand", { L10n.Session.CommandLine.unknownCommand("x") }),
    (
      "Session.unknownCommandSuggesting",
      { L10n.Session.CommandLine.unknownCommandSuggesting("x", "x") }
    ),
    ("Session.chatsUsage", { L10n.Session.CommandLine.chatsUsage }),
    ("Session.openNeedsReference", { L10n.Session.CommandLine.openNeedsReference }),
    ("Session.openTakesOne", { L10n.Session.CommandLine.openTakesOne(2) }),
    ("Session.renameNeedsTitle", { L10n.Session.CommandLine.renameNeedsTitle }),
    ("Session.searchNeedsQuery", { L10n.Session.CommandLine.searchNeedsQuery }),
    ("Session.takesNoArguments", { L10n.Session.CommandLine.takesNoArguments }),
    ("Session.takesOneArgument", { L10n.Session.CommandLine.takesOneArgument }),
    ("Session.notAvailable", { L10n.Session.CommandLine.notAvailable("x") }),
    ("Session.memoryAddNeedsText", { L10n.Session.CommandLine.memoryAddNeedsText }),
    ("Session.memoryEditNeedsText", { L10n.Session.CommandLine.memoryEditNeedsText }),
    ("Session.memoryDeleteNeedsNumber", { L10n.Session.CommandLine.memoryDeleteNeedsNumber }),
    ("Session.memoryUsage", { L10n.Session.CommandLine.memoryUsage }),
    ("Session.numberFromOne", { L10n.Session.CommandLine.numberFromOne("x") }),
    ("Session.usageProblem", { L10n.Session.CommandLine.usageProblem("x", "x", "x") }),
  ]
}
