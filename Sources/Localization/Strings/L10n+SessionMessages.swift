extension L10n.Session {
  /// The messages strings of `L10n.Session`.
  package enum Messages {
    /// "There is nothing to %@ yet: send a message first.".
    package static func nothingToYet(_ action: String) -> String {
      L10n.Session.text(.nothingToYet, [.text(action)])
    }
    /// "Nothing to retry: the last reply completed. /regen writes a new version of it.".
    package static var nothingToRetry: String { L10n.Session.text(.nothingToRetry) }
    /// "There is no reply to regenerate yet.".
    package static var noReplyToRegenerate: String { L10n.Session.text(.noReplyToRegenerate) }
    /// "Writing a new version; the old one stays under /versions.".
    package static var writingNewVersion: String { L10n.Session.text(.writingNewVersion) }
    /// "You have not sent a message here yet.".
    package static var notSentHere: String { L10n.Session.text(.notSentHere) }
    /// "There is no message %1$lld: you sent %2$lld here (/edit 1–%2$lld).".
    package static func noMessageNumber(_ number: Int, _ count: Int) -> String {
      L10n.Session.text(.noMessageNumber, [.integer(number), .integer(count)])
    }
    /// "Editing message %lld. Change it and press Enter to resend; Ctrl-C cancels.".
    package static func editingOnTerminal(_ number: Int) -> String {
      L10n.Session.text(.editingOnTerminal, [.integer(number)])
    }
    /// "Editing message %lld: the next line replaces it.".
    package static func editingInLineMode(_ number: Int) -> String {
      L10n.Session.text(.editingInLineMode, [.integer(number)])
    }
    /// "There is no reply yet.".
    package static var noReplyYet: String { L10n.Session.text(.noReplyYet) }
    /// "(shown)".
    package static var versionShown: String { L10n.Session.text(.versionShown) }
    /// "Only one version so far; /regen writes another.".
    package static var onlyOneVersion: String { L10n.Session.text(.onlyOneVersion) }
    /// "/versions N shows version N.".
    package static var versionsShowN: String { L10n.Session.text(.versionsShowN) }
    /// "There is no version %lld (1–%lld).".
    package static func noVersionNumber(_ number: Int, _ count: Int) -> String {
      L10n.Session.text(.noVersionNumber, [.integer(number), .integer(count)])
    }
    /// "There is no reply to copy yet.".
    package static var noReplyToCopy: String { L10n.Session.text(.noReplyToCopy) }
    /// "The last reply as written (select it to copy; there is no clipboard here):".
    package static var copyHint: String { L10n.Session.text(.copyHint) }
    /// "Exported “%@” to %@.".
    package static func exportedTo(_ title: String, _ path: String) -> String {
      L10n.Session.text(.exportedTo, [.text(title), .text(path)])
    }
    /// "Could not write %@: %@.".
    package static func couldNotWrite(_ path: String, _ reason: String) -> String {
      L10n.Session.text(.couldNotWrite, [.text(path), .text(reason)])
    }
    /// "This conversation".
    package static var thisConversation: String { L10n.Session.text(.thisConversation) }
    /// "unknown model".
    package static var unknownModel: String { L10n.Session.text(.unknownModel) }
    /// "no usage reported".
    package static var noUsageReported: String { L10n.Session.text(.noUsageReported) }
    /// "(%lld prompt + %lld completion)".
    package static func tokenSplit(_ prompt: Int, _ completion: Int) -> String {
      L10n.Session.text(.tokenSplit, [.integer(prompt), .integer(completion)])
    }
    /// "Total: %@ (%lld prompt + %lld completion) over 1 metered reply, earlier versions inc…".
    package static func usageTotalOne(_ total: String, _ prompt: Int, _ completion: Int) -> String {
      L10n.Session.text(.usageTotalOne, [.text(total), .integer(prompt), .integer(completion)])
    }
    /// "Total: %@ (%lld prompt + %lld completion) over %lld metered replies, earlier version…".
    package static func usageTotal(
      _ total: String, _ prompt: Int, _ completion: Int, _ replies: Int
    ) -> String {
      L10n.Session.text(
        .usageTotal, [.text(total), .integer(prompt), .integer(completion), .integer(replies)])
    }
    /// "Models that answered: %@".
    package static func modelsThatAnswered(_ models: String) -> String {
      L10n.Session.text(.modelsThatAnswered, [.text(models)])
    }
    /// "No replies in this conversation yet.".
    package static var noRepliesYet: String { L10n.Session.text(.noRepliesYet) }
    /// "Free messages left: %lld of %lld.".
    package static func freeMessagesLeft(_ left: Int, _ limit: Int) -> String {
      L10n.Session.text(.freeMessagesLeft, [.integer(left), .integer(limit)])
    }
    /// "Free messages: no limit (%@).".
    package static func freeMessagesNoLimit(_ reason: String) -> String {
      L10n.Session.text(.freeMessagesNoLimit, [.text(reason)])
    }
  }
}
