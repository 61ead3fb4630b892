extension L10n.Terminal {
  /// The commands strings of `L10n.Terminal`.
  package enum Commands {
    /// "No conversations yet. Start one with 'kiln' or 'kiln ask'.".
    package static var noConversationsYet: String { L10n.Terminal.text(.noConversationsYet) }
    /// "--limit needs a whole number of at least 1, not '%@'.".
    package static func limitNeedsNumber(_ text: String) -> String {
      L10n.Terminal.text(.limitNeedsNumber, [.text(text)])
    }
    /// "Nothing matches '%@'.".
    package static func nothingMatches(_ query: String) -> String {
      L10n.Terminal.text(.nothingMatches, [.text(query)])
    }
    /// "(+%lld more)".
    package static func moreHits(_ count: Int) -> String {
      L10n.Terminal.text(.moreHits, [.integer(count)])
    }
    /// "'%@' has no word to search for (search ignores punctuation).".
    package static func noWordToSearch(_ query: String) -> String {
      L10n.Terminal.text(.noWordToSearch, [.text(query)])
    }
    /// "pinned".
    package static var rowPinned: String { L10n.Terminal.text(.rowPinned) }
    /// "archived".
    package static var rowArchived: String { L10n.Terminal.text(.rowArchived) }
    /// "Delete this conversation and every message in it? [y/N]".
    package static var deleteThisConversation: String {
      L10n.Terminal.text(.deleteThisConversation)
    }
    /// "Delete these %lld conversations and every message in them? [y/N]".
    package static func deleteTheseConversations(_ count: Int) -> String {
      L10n.Terminal.text(.deleteTheseConversations, [.integer(count)])
    }
    /// "nothing deleted (pass --yes to delete without asking).".
    package static var nothingDeleted: String { L10n.Terminal.text(.nothingDeleted) }
    /// "Deleted 1 conversation.".
    package static var deletedOne: String { L10n.Terminal.text(.deletedOne) }
    /// "Deleted %lld conversations.".
    package static func deletedMany(_ count: Int) -> String {
      L10n.Terminal.text(.deletedMany, [.integer(count)])
    }
    /// "Subscribed".
    package static var subscribed: String { L10n.Terminal.text(.subscribed) }
    /// "to %@".
    package static func subscribedTo(_ product: String) -> String {
      L10n.Terminal.text(.subscribedTo, [.text(product)])
    }
    /// ", renews %@".
    package static func renews(_ date: String) -> String {
      L10n.Terminal.text(.renews, [.text(date)])
    }
    /// ", ends %@".
    package static func ends(_ date: String) -> String {
      L10n.Terminal.text(.ends, [.text(date)])
    }
    /// ", lifetime".
    package static var lifetime: String { L10n.Terminal.text(.lifetime) }
    /// ", free trial".
    package static var freeTrial: String { L10n.Terminal.text(.freeTrial) }
    /// ", billing problem: grace period".
    package static var gracePeriod: String { L10n.Terminal.text(.gracePeriod) }
    /// "(%@ ended %@.)".
    package static func subscriptionEnded(_ product: String, _ date: String) -> String {
      L10n.Terminal.text(.subscriptionEnded, [.text(product), .text(date)])
    }
    /// "no Kiln limit (your own provider)".
    package static var noKilnLimit: String { L10n.Terminal.text(.noKilnLimit) }
    /// "%lld per day".
    package static func freePerDay(_ limit: Int) -> String {
      L10n.Terminal.text(.freePerDay, [.integer(limit)])
    }
    /// "%lld in total".
    package static func freeInTotal(_ limit: Int) -> String {
      L10n.Terminal.text(.freeInTotal, [.integer(limit)])
    }
    /// "your own provider".
    package static var ownProvider: String { L10n.Terminal.text(.ownProvider) }
    /// "No Kiln plan is needed: your own provider has no Kiln limit.".
    package static var noPlanNeeded: String { L10n.Terminal.text(.noPlanNeeded) }
    /// "Free plan. Upgrade with /upgrade in the chat.".
    package static var freePlanUpgrade: String { L10n.Terminal.text(.freePlanUpgrade) }
    /// "Could not reach %@ (%@). Check that the server is running and the address is right:…".
    package static func remedyNetwork(_ host: String, _ setting: String) -> String {
      L10n.Terminal.text(.remedyNetwork, [.text(host), .text(setting)])
    }
    /// "%@ refused the API key (%@). Set a valid key ('kiln config' shows where it comes fro…".
    package static func remedyKeyRejected(_ host: String, _ setting: String) -> String {
      L10n.Terminal.text(.remedyKeyRejected, [.text(host), .text(setting)])
    }
    /// "The provider".
    package static var remedyTheProvider: String { L10n.Terminal.text(.remedyTheProvider) }
    /// "Sign in again with 'kiln login' (or /login in the chat).".
    package static var remedySignIn: String { L10n.Terminal.text(.remedySignIn) }
    /// "'kiln config' lists the settings and where each one comes from.".
    package static var remedyNotConfigured: String { L10n.Terminal.text(.remedyNotConfigured) }
    /// "%@ has no such endpoint or model; check %@ and the model ('kiln doctor' checks both)…".
    package static func remedyNotFound(_ host: String, _ setting: String) -> String {
      L10n.Terminal.text(.remedyNotFound, [.text(host), .text(setting)])
    }
    /// "--extract prints text; it cannot be combined with --json.".
    package static var extractWithJSON: String { L10n.Terminal.text(.extractWithJSON) }
    /// "no AI provider is configured, so the echo model repeats the message; set OPENAI_API_…".
    package static var echoNotice: String { L10n.Terminal.text(.echoNotice) }
    /// "kiln ask needs a non-empty message.".
    package static var askNeedsNonEmpty: String { L10n.Terminal.text(.askNeedsNonEmpty) }
    /// "stopped by %@; the reply so far is saved in conversation %@.".
    package static func stoppedSaved(_ signal: String, _ id: String) -> String {
      L10n.Terminal.text(.stoppedSaved, [.text(signal), .text(id)])
    }
    /// "stopped by %@.".
    package static func stoppedBy(_ signal: String) -> String {
      L10n.Terminal.text(.stoppedBy, [.text(signal)])
    }
    /// "type /upgrade in the chat ('kiln') to see the plans, or set OPENAI_API_KEY to use yo…".
    package static var askUpgradeHint: String { L10n.Terminal.text(.askUpgradeHint) }
    /// "--system works with a direct provider only: Kiln's proxy applies its own prompt. Cho…".
    package static var systemNeedsDirect: String { L10n.Terminal.text(.systemNeedsDirect) }
    /// "--system needs a non-empty prompt.".
    package static var systemNeedsPrompt: String { L10n.Terminal.text(.systemNeedsPrompt) }
    /// "-o %@ works with a direct provider only: Kiln's proxy sets it itself. Through the pr…".
    package static func optionNeedsDirect(_ name: String) -> String {
      L10n.Terminal.text(.optionNeedsDirect, [.text(name)])
    }
    /// "kiln ask needs a message: kiln ask "your question", or pipe it on standard input.".
    package static var askNeedsMessage: String { L10n.Terminal.text(.askNeedsMessage) }
    /// "standard input was empty; kiln ask needs a message.".
    package static var stdinEmpty: String { L10n.Terminal.text(.stdinEmpty) }
    /// "standard input is not UTF-8 text.".
    package static var stdinNotUTF8: String { L10n.Terminal.text(.stdinNotUTF8) }
    /// "The question with standard input is over %@; the most that can be sent is %@ (%@). S…".
    package static func questionWithStdinTooLong(
      _ size: String, _ limit: String, _ key: String
    ) -> String {
      L10n.Terminal.text(.questionWithStdinTooLong, [.text(size), .text(limit), .text(key)])
    }
    /// "The message on standard input is over %@; the most that can be sent is %@ (%@). Shor…".
    package static func stdinTooLong(_ size: String, _ limit: String, _ key: String) -> String {
      L10n.Terminal.text(.stdinTooLong, [.text(size), .text(limit), .text(key)])
    }
    /// "unknown persona '%@'. Personas: %@.".
    package static func unknownPersona(_ id: String, _ known: String) -> String {
      L10n.Terminal.text(.unknownPersona, [.text(id), .text(known)])
    }
    /// "no conversation has the id '%@'. See 'kiln chats'.".
    package static func noConversationWithID(_ text: String) -> String {
      L10n.Terminal.text(.noConversationWithID, [.text(text)])
    }
    /// "no conversation id starts or ends with '%@'. See 'kiln chats'.".
    package static func noConversationMatching(_ text: String) -> String {
      L10n.Terminal.text(.noConversationMatching, [.text(text)])
    }
    /// "give either --continue or --conversation ID, not both: they both name the conversati…".
    package static var continueOrConversation: String {
      L10n.Terminal.text(.continueOrConversation)
    }
    /// "there is no conversation to continue yet; 'kiln ask TEXT' starts one.".
    package static var nothingToContinue: String { L10n.Terminal.text(.nothingToContinue) }
    /// "'%@' matches %lld conversations; give more of the id:".
    package static func ambiguousID(_ text: String, _ count: Int) -> String {
      L10n.Terminal.text(.ambiguousID, [.text(text), .integer(count)])
    }
    /// "and %lld more (see 'kiln chats')".
    package static func andMore(_ count: Int) -> String {
      L10n.Terminal.text(.andMore, [.integer(count)])
    }
    /// "Signed in as %@.".
    package static func signedInAs(_ account: String) -> String {
      L10n.Terminal.text(.signedInAs, [.text(account)])
    }
    /// "Account created; signed in as %@.".
    package static func accountCreated(_ account: String) -> String {
      L10n.Terminal.text(.accountCreated, [.text(account)])
    }
    /// "Check your e-mail: follow the confirmation link, then run 'kiln login'.".
    package static var confirmEmail: String { L10n.Terminal.text(.confirmEmail) }
    /// "Signed out.".
    package static var signedOut: String { L10n.Terminal.text(.signedOut) }
    /// "Nobody was signed in.".
    package static var nobodySignedIn: String { L10n.Terminal.text(.nobodySignedIn) }
    /// "Signed in as %@ (id %@)".
    package static func whoamiLine(_ account: String, _ id: String) -> String {
      L10n.Terminal.text(.whoamiLine, [.text(account), .text(id)])
    }
    /// "; the access token expired and will be renewed".
    package static var tokenExpired: String { L10n.Terminal.text(.tokenExpired) }
    /// "; access token valid until %@".
    package static func tokenValidUntil(_ date: String) -> String {
      L10n.Terminal.text(.tokenValidUntil, [.text(date)])
    }
    /// "Not signed in. Run 'kiln login'.".
    package static var notSignedIn: String { L10n.Terminal.text(.notSignedIn) }
    /// "could not confirm the account with the server (%@); this is the account stored on th…".
    package static func accountNotConfirmed(_ reason: String) -> String {
      L10n.Terminal.text(.accountNotConfirmed, [.text(reason)])
    }
    /// "If an account exists for %@, a password-reset link is on its way.".
    package static func resetLinkSent(_ email: String) -> String {
      L10n.Terminal.text(.resetLinkSent, [.text(email)])
    }
    /// "Password:".
    package static var passwordPrompt: String { L10n.Terminal.text(.passwordPrompt) }
    /// "no terminal to ask for the password: pass it with --password-stdin.".
    package static var noTerminalForPassword: String { L10n.Terminal.text(.noTerminalForPassword) }
    /// "the password is empty.".
    package static var passwordEmpty: String { L10n.Terminal.text(.passwordEmpty) }
    /// "give the e-mail address with --email ADDRESS.".
    package static var emailNeeded: String { L10n.Terminal.text(.emailNeeded) }
    /// "E-mail:".
    package static var emailPrompt: String { L10n.Terminal.text(.emailPrompt) }
    /// "the e-mail address is empty.".
    package static var emailEmpty: String { L10n.Terminal.text(.emailEmpty) }
    /// "--format is json or markdown, not '%@'.".
    package static func formatIsJSONOrMarkdown(_ format: String) -> String {
      L10n.Terminal.text(.formatIsJSONOrMarkdown, [.text(format)])
    }
    /// "Markdown export is for one conversation: kiln export --format markdown ID".
    package static var markdownNeedsOne: String { L10n.Terminal.text(.markdownNeedsOne) }
    /// "Exported to %@.".
    package static func exportedTo(_ path: String) -> String {
      L10n.Terminal.text(.exportedTo, [.text(path)])
    }
    /// "cannot read %@: %@.".
    package static func cannotRead(_ path: String, _ reason: String) -> String {
      L10n.Terminal.text(.cannotRead, [.text(path), .text(reason)])
    }
    /// "cannot import %@: it is empty, not a Kiln conversation archive.".
    package static func importEmpty(_ path: String) -> String {
      L10n.Terminal.text(.importEmpty, [.text(path)])
    }
    /// "cannot import %@: %@".
    package static func cannotImport(_ path: String, _ reason: String) -> String {
      L10n.Terminal.text(.cannotImport, [.text(path), .text(reason)])
    }
    /// "cannot import %@: it was exported by a newer Kiln (archive version %lld, this one re…".
    package static func importNewer(_ path: String, _ found: Int, _ supported: Int) -> String {
      L10n.Terminal.text(.importNewer, [.text(path), .integer(found), .integer(supported)])
    }
    /// "conversation %@ was not imported: %@".
    package static func notImported(_ id: String, _ reason: String) -> String {
      L10n.Terminal.text(.notImported, [.text(id), .text(reason)])
    }
    /// "Imported %@, skipped %lld already present".
    package static func importedSummary(_ imported: String, _ skipped: Int) -> String {
      L10n.Terminal.text(.importedSummary, [.text(imported), .integer(skipped)])
    }
    /// ", %lld failed".
    package static func importedFailed(_ count: Int) -> String {
      L10n.Terminal.text(.importedFailed, [.integer(count)])
    }
    /// "1 conversation".
    package static var oneConversation: String { L10n.Terminal.text(.oneConversation) }
    /// "%lld conversations".
    package static func conversationCount(_ count: Int) -> String {
      L10n.Terminal.text(.conversationCount, [.integer(count)])
    }
  }
}
