extension L10n.Session {
  /// The replies strings of `L10n.Session`.
  package enum Replies {
    /// "(Esc: keep it in the background)".
    package static var keepInBackground: String { L10n.Session.text(.keepInBackground) }
    /// "(/memory lists them)".
    package static var memoryListed: String { L10n.Session.text(.memoryListed) }
    /// "Stopped. The text so far is kept; /retry asks again.".
    package static var stoppedKept: String { L10n.Session.text(.stoppedKept) }
    /// "Stopped.".
    package static var stopped: String { L10n.Session.text(.stopped) }
    /// "Type /retry to try again.".
    package static var typeRetry: String { L10n.Session.text(.typeRetry) }
    /// "Type /upgrade to see the plans (or set OPENAI_API_KEY to use your own provider).".
    package static var upgradeOrOwnKey: String { L10n.Session.text(.upgradeOrOwnKey) }
    /// "Enjoying Kiln? A star or a kind word where you found it helps others find it too.".
    package static var enjoyingKiln: String { L10n.Session.text(.enjoyingKiln) }
    /// "The reply keeps arriving in the background; /open it again to see it.".
    package static var keepsArrivingInBackground: String {
      L10n.Session.text(.keepsArrivingInBackground)
    }
    /// "the other conversation".
    package static var theOtherConversation: String { L10n.Session.text(.theOtherConversation) }
    /// "The reply in %@ ended early (/open %@).".
    package static func replyEndedEarly(_ name: String, _ id: String) -> String {
      L10n.Session.text(.replyEndedEarly, [.text(name), .text(id)])
    }
    /// "The reply in %@ is complete (/open %@).".
    package static func replyComplete(_ name: String, _ id: String) -> String {
      L10n.Session.text(.replyComplete, [.text(name), .text(id)])
    }
    /// "(stopped)".
    package static var markStopped: String { L10n.Session.text(.markStopped) }
    /// "(failed)".
    package static var markFailed: String { L10n.Session.text(.markFailed) }
    /// "(failed: %@)".
    package static func markFailedCode(_ code: String) -> String {
      L10n.Session.text(.markFailedCode, [.text(code)])
    }
    /// "… earlier messages are not shown (kiln show %@ prints all)".
    package static func earlierNotShown(_ id: String) -> String {
      L10n.Session.text(.earlierNotShown, [.text(id)])
    }
    /// "A reply is still arriving here:".
    package static var stillArrivingHere: String { L10n.Session.text(.stillArrivingHere) }
    /// "Your message waits for the reply still arriving here.".
    package static var messageWaits: String { L10n.Session.text(.messageWaits) }
  }
}
