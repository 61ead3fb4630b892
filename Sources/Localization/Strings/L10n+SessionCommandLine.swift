extension L10n.Session {
  /// "Type a command after the slash, e.g. /help.".
  package static var typeCommandAfterSlash: String { text(.typeCommandAfterSlash) }
  /// "Unknown command /%@. Type /help for the list.".
  package static func unknownCommand(_ name: String) -> String {
    Self.text(.unknownCommand, [.text(name)])
  }
  /// "Unknown command /%@. Did you mean /%@? Type /help for the list.".
  package static func unknownCommandSuggesting(_ name: String, _ suggestion: String) -> String {
    Self.text(.unknownCommandSuggesting, [.text(name), .text(suggestion)])
  }
  /// "lists conversations; add 'archived' to include archived ones".
  package static var chatsUsage: String { text(.chatsUsage) }
  /// "needs a number from /chats or a conversation id".
  package static var openNeedsReference: String { text(.openNeedsReference) }
  /// "takes one number or conversation id, not %lld".
  package static func openTakesOne(_ count: Int) -> String {
    Self.text(.openTakesOne, [.integer(count)])
  }
  /// "needs the new title".
  package static var renameNeedsTitle: String { text(.renameNeedsTitle) }
  /// "needs something to look for".
  package static var searchNeedsQuery: String { text(.searchNeedsQuery) }
  /// "takes no arguments".
  package static var takesNoArguments: String { text(.takesNoArguments) }
  /// "takes one argument".
  package static var takesOneArgument: String { text(.takesOneArgument) }
  /// "/%@ is not available.".
  package static func notAvailable(_ name: String) -> String {
    Self.text(.notAvailable, [.text(name)])
  }
  /// "add needs the fact: /memory add TEXT".
  package static var memoryAddNeedsText: String { text(.memoryAddNeedsText) }
  /// "edit needs a number and the new text: /memory edit 2 TEXT".
  package static var memoryEditNeedsText: String { text(.memoryEditNeedsText) }
  /// "delete needs the number of a fact: /memory delete 2".
  package static var memoryDeleteNeedsNumber: String { text(.memoryDeleteNeedsNumber) }
  /// "is /memory, /memory add TEXT, /memory edit N TEXT or /memory delete N".
  package static var memoryUsage: String { text(.memoryUsage) }
  /// "takes a number from 1 up, not '%@'".
  package static func numberFromOne(_ word: String) -> String {
    Self.text(.numberFromOne, [.text(word)])
  }
  /// "/%@ %@. Usage: %@".
  package static func usageProblem(_ name: String, _ problem: String, _ usage: String) -> String {
    Self.text(.usageProblem, [.text(name), .text(problem), .text(usage)])
  }
}
