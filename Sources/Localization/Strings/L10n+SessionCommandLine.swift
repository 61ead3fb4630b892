extension L10n.Session {
  /// The command line strings of `L10n.Session`.
  package enum CommandLine {
    /// "Type a command after the slash, e.g. /help.".
    package static var typeCommandAfterSlash: String { L10n.Session.text(.typeCommandAfterSlash) }
    /// "Unknown command /%@. Type /help for the list.".
    package static func unknownCommand(_ name: String) -> String {
      L10n.Session.text(.unknownCommand, [.text(name)])
    }
    /// "Unknown command /%@. Did you mean /%@? Type /help for the list.".
    package static func unknownCommandSuggesting(_ name: String, _ suggestion: String) -> String {
      L10n.Session.text(.unknownCommandSuggesting, [.text(name), .text(suggestion)])
    }
    /// "lists conversations; add 'archived' to include archived ones".
    package static var chatsUsage: String { L10n.Session.text(.chatsUsage) }
    /// "needs a number from /chats or a conversation id".
    package static var openNeedsReference: String { L10n.Session.text(.openNeedsReference) }
    /// "takes one number or conversation id, not %lld".
    package static func openTakesOne(_ count: Int) -> String {
      L10n.Session.text(.openTakesOne, [.integer(count)])
    }
    /// "needs the new title".
    package static var renameNeedsTitle: String { L10n.Session.text(.renameNeedsTitle) }
    /// "needs something to look for".
    package static var searchNeedsQuery: String { L10n.Session.text(.searchNeedsQuery) }
    /// "takes no arguments".
    package static var takesNoArguments: String { L10n.Session.text(.takesNoArguments) }
    /// "takes one argument".
    package static var takesOneArgument: String { L10n.Session.text(.takesOneArgument) }
    /// "/%@ is not available.".
    package static func notAvailable(_ name: String) -> String {
      L10n.Session.text(.notAvailable, [.text(name)])
    }
    /// "add needs the fact: /memory add TEXT".
    package static var memoryAddNeedsText: String { L10n.Session.text(.memoryAddNeedsText) }
    /// "edit needs a number and the new text: /memory edit 2 TEXT".
    package static var memoryEditNeedsText: String { L10n.Session.text(.memoryEditNeedsText) }
    /// "delete needs the number of a fact: /memory delete 2".
    package static var memoryDeleteNeedsNumber: String {
      L10n.Session.text(.memoryDeleteNeedsNumber)
    }
    /// "is /memory, /memory add TEXT, /memory edit N TEXT or /memory delete N".
    package static var memoryUsage: String { L10n.Session.text(.memoryUsage) }
    /// "takes a number from 1 up, not '%@'".
    package static func numberFromOne(_ word: String) -> String {
      L10n.Session.text(.numberFromOne, [.text(word)])
    }
    /// "/%@ %@. Usage: %@".
    package static func usageProblem(_ name: String, _ problem: String, _ usage: String) -> String {
      L10n.Session.text(.usageProblem, [.text(name), .text(problem), .text(usage)])
    }
  }
}
