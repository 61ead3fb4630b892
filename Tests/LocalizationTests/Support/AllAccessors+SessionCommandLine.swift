import Localization

extension AllAccessors {
  static let sessionCommandLine: [Accessor] = [
    ("Session.typeCommandAfterSlash", { L10n.Session.typeCommandAfterSlash }),
    ("Session.unknownCommand", { L10n.Session.unknownCommand("x") }),
    ("Session.unknownCommandSuggesting", { L10n.Session.unknownCommandSuggesting("x", "x") }),
    ("Session.chatsUsage", { L10n.Session.chatsUsage }),
    ("Session.openNeedsReference", { L10n.Session.openNeedsReference }),
    ("Session.openTakesOne", { L10n.Session.openTakesOne(2) }),
    ("Session.renameNeedsTitle", { L10n.Session.renameNeedsTitle }),
    ("Session.searchNeedsQuery", { L10n.Session.searchNeedsQuery }),
    ("Session.takesNoArguments", { L10n.Session.takesNoArguments }),
    ("Session.takesOneArgument", { L10n.Session.takesOneArgument }),
    ("Session.notAvailable", { L10n.Session.notAvailable("x") }),
    ("Session.memoryAddNeedsText", { L10n.Session.memoryAddNeedsText }),
    ("Session.memoryEditNeedsText", { L10n.Session.memoryEditNeedsText }),
    ("Session.memoryDeleteNeedsNumber", { L10n.Session.memoryDeleteNeedsNumber }),
    ("Session.memoryUsage", { L10n.Session.memoryUsage }),
    ("Session.numberFromOne", { L10n.Session.numberFromOne("x") }),
    ("Session.usageProblem", { L10n.Session.usageProblem("x", "x", "x") }),
  ]
}
