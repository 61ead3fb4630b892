extension L10n.Session {
  /// The welcome strings of `L10n.Session`.
  package enum Welcome {
    /// "the echo model, which repeats what you type".
    package static var echoProvider: String { L10n.Session.text(.echoProvider) }
    /// "Kiln's AI proxy".
    package static var proxyProvider: String { L10n.Session.text(.proxyProvider) }
    /// "Kiln %@ · chatting with %@".
    package static func welcomeChattingWith(_ version: String, _ provider: String) -> String {
      L10n.Session.text(.welcomeChattingWith, [.text(version), .text(provider)])
    }
    /// "No AI provider is set up: set OPENAI_API_KEY or OPENAI_BASE_URL (kiln --help).".
    package static var welcomeNoProvider: String { L10n.Session.text(.welcomeNoProvider) }
    /// "Type a message and press Enter. /help lists commands; Ctrl-C stops a reply; Ctrl-D q…".
    package static var welcomeHowTo: String { L10n.Session.text(.welcomeHowTo) }
    /// "signed in as %@".
    package static func welcomeSignedInAs(_ account: String) -> String {
      L10n.Session.text(.welcomeSignedInAs, [.text(account)])
    }
    /// "Could not %@: %@".
    package static func couldNot(_ action: String, _ message: String) -> String {
      L10n.Session.text(.couldNot, [.text(action), .text(message)])
    }
    /// "edit›".
    package static var editPrompt: String { L10n.Session.text(.editPrompt) }
    /// "Edit cancelled.".
    package static var editCancelled: String { L10n.Session.text(.editCancelled) }
    /// "Press Ctrl-C again to quit (or Ctrl-D).".
    package static var pressCtrlCAgain: String { L10n.Session.text(.pressCtrlCAgain) }
    /// "Stopping a reply still arriving.".
    package static var stoppingOneReply: String { L10n.Session.text(.stoppingOneReply) }
    /// "Stopping %lld replies still arriving.".
    package static func stoppingReplies(_ count: Int) -> String {
      L10n.Session.text(.stoppingReplies, [.integer(count)])
    }
    /// "Plan: Kiln Pro".
    package static var planPro: String { L10n.Session.text(.planPro) }
    /// ", renews %@".
    package static func planRenews(_ date: String) -> String {
      L10n.Session.text(.planRenews, [.text(date)])
    }
    /// ", ends %@".
    package static func planEnds(_ date: String) -> String {
      L10n.Session.text(.planEnds, [.text(date)])
    }
    /// "Plan: free, %lld of %lld free messages left.".
    package static func planFreeLeft(_ left: Int, _ limit: Int) -> String {
      L10n.Session.text(.planFreeLeft, [.integer(left), .integer(limit)])
    }
    /// "Plan: free (your own provider has no Kiln limit).".
    package static var planFreeOwnProvider: String { L10n.Session.text(.planFreeOwnProvider) }
  }
}
