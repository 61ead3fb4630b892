extension L10n.Session {
  /// "the echo model, which repeats what you type".
  package static var echoProvider: String { text(.echoProvider) }
  /// "Kiln's AI proxy".
  package static var proxyProvider: String { text(.proxyProvider) }
  /// "Kiln %@ · chatting with %@".
  package static func welcomeChattingWith(_ version: String, _ provider: String) -> String {
    Self.text(.welcomeChattingWith, [.text(version), .text(provider)])
  }
  /// "No AI provider is set up: set OPENAI_API_KEY or OPENAI_BASE_URL (kiln --help).".
  package static var welcomeNoProvider: String { text(.welcomeNoProvider) }
  /// "Type a message and press Enter. /help lists commands; Ctrl-C stops a reply; Ctrl-D q…".
  package static var welcomeHowTo: String { text(.welcomeHowTo) }
  /// "signed in as %@".
  package static func welcomeSignedInAs(_ account: String) -> String {
    Self.text(.welcomeSignedInAs, [.text(account)])
  }
  /// "Could not %@: %@".
  package static func couldNot(_ action: String, _ message: String) -> String {
    Self.text(.couldNot, [.text(action), .text(message)])
  }
  /// "edit›".
  package static var editPrompt: String { text(.editPrompt) }
  /// "Edit cancelled.".
  package static var editCancelled: String { text(.editCancelled) }
  /// "Press Ctrl-C again to quit (or Ctrl-D).".
  package static var pressCtrlCAgain: String { text(.pressCtrlCAgain) }
  /// "Stopping a reply still arriving.".
  package static var stoppingOneReply: String { text(.stoppingOneReply) }
  /// "Stopping %lld replies still arriving.".
  package static func stoppingReplies(_ count: Int) -> String {
    Self.text(.stoppingReplies, [.integer(count)])
  }
  /// "Plan: Kiln Pro".
  package static var planPro: String { text(.planPro) }
  /// ", renews %@".
  package static func planRenews(_ date: String) -> String {
    Self.text(.planRenews, [.text(date)])
  }
  /// ", ends %@".
  package static func planEnds(_ date: String) -> String {
    Self.text(.planEnds, [.text(date)])
  }
  /// "Plan: free, %lld of %lld free messages left.".
  package static func planFreeLeft(_ left: Int, _ limit: Int) -> String {
    Self.text(.planFreeLeft, [.integer(left), .integer(limit)])
  }
  /// "Plan: free (your own provider has no Kiln limit).".
  package static var planFreeOwnProvider: String { text(.planFreeOwnProvider) }
}
