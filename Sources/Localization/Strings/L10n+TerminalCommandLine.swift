extension L10n.Terminal {
  /// The command line strings of `L10n.Terminal`.
  package enum CommandLine {
    /// "unknown command '%@'. See 'kiln --help'.".
    package static func unknownCommand(_ name: String) -> String {
      L10n.Terminal.text(.unknownCommand, [.text(name)])
    }
    /// "unknown command '%@'. Did you mean '%@'? See 'kiln --help'.".
    package static func unknownCommandSuggesting(_ name: String, _ suggestion: String) -> String {
      L10n.Terminal.text(.unknownCommandSuggesting, [.text(name), .text(suggestion)])
    }
    /// "unknown option '%1$@' for 'kiln %2$@'. See 'kiln %2$@ --help'.".
    package static func unknownOption(_ option: String, _ command: String) -> String {
      L10n.Terminal.text(.unknownOption, [.text(option), .text(command)])
    }
    /// "unknown option '%1$@' for 'kiln %2$@'. Did you mean %3$@? See 'kiln %2$@ --help'.".
    package static func unknownOptionSuggesting(
      _ option: String, _ command: String, _ suggestion: String
    ) -> String {
      L10n.Terminal.text(
        .unknownOptionSuggesting, [.text(option), .text(command), .text(suggestion)])
    }
    /// "%1$@ needs two values: %1$@ %2$@.".
    package static func needsTwoValues(_ option: String, _ values: String) -> String {
      L10n.Terminal.text(.needsTwoValues, [.text(option), .text(values)])
    }
    /// "%1$@ needs a value: %1$@ %2$@.".
    package static func needsValue(_ option: String, _ value: String) -> String {
      L10n.Terminal.text(.needsValue, [.text(option), .text(value)])
    }
    /// "%@ takes no value.".
    package static func takesNoValue(_ option: String) -> String {
      L10n.Terminal.text(.takesNoValue, [.text(option)])
    }
    /// "'kiln %@' %@: %@".
    package static func argumentCountProblem(
      _ command: String, _ problem: String, _ usage: String
    ) -> String {
      L10n.Terminal.text(.argumentCountProblem, [.text(command), .text(problem), .text(usage)])
    }
    /// "needs %@".
    package static func needsArgument(_ name: String) -> String {
      L10n.Terminal.text(.needsArgument, [.text(name)])
    }
    /// "takes no arguments (got %@)".
    package static func takesNoArguments(_ extra: String) -> String {
      L10n.Terminal.text(.takesNoArguments, [.text(extra)])
    }
    /// "takes only %@ (left over: %@)".
    package static func takesOnly(_ name: String, _ extra: String) -> String {
      L10n.Terminal.text(.takesOnly, [.text(name), .text(extra)])
    }
    /// "takes at most %lld arguments (left over: %@)".
    package static func takesAtMost(_ limit: Int, _ extra: String) -> String {
      L10n.Terminal.text(.takesAtMost, [.integer(limit), .text(extra)])
    }
    /// "the configuration cannot be used:".
    package static var configurationUnusable: String { L10n.Terminal.text(.configurationUnusable) }
  }
}
