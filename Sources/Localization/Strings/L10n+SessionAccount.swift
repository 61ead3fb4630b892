extension L10n.Session {
  /// The account strings of `L10n.Session`.
  package enum Account {
    /// "Signed in as %@.".
    package static func signedInAs(_ account: String) -> String {
      L10n.Session.text(.signedInAs, [.text(account)])
    }
    /// "Not signed in. /login signs in.".
    package static var notSignedInLogin: String { L10n.Session.text(.notSignedInLogin) }
    /// "Already signed in as %@; /logout first to switch.".
    package static func alreadySignedIn(_ account: String) -> String {
      L10n.Session.text(.alreadySignedIn, [.text(account)])
    }
    /// "E-mail:".
    package static var emailPrompt: String { L10n.Session.text(.emailPrompt) }
    /// "Password:".
    package static var passwordPrompt: String { L10n.Session.text(.passwordPrompt) }
    /// "Sign-in cancelled.".
    package static var signInCancelled: String { L10n.Session.text(.signInCancelled) }
    /// "Could not sign in.".
    package static var couldNotSignIn: String { L10n.Session.text(.couldNotSignIn) }
    /// "Not signed in.".
    package static var notSignedIn: String { L10n.Session.text(.notSignedIn) }
    /// "Signed out %@.".
    package static func signedOut(_ account: String) -> String {
      L10n.Session.text(.signedOut, [.text(account)])
    }
    /// "Not signed in: there is no account to delete.".
    package static var noAccountToDelete: String { L10n.Session.text(.noAccountToDelete) }
    /// "The account cannot be deleted right now; try again in a moment.".
    package static var cannotDeleteNow: String { L10n.Session.text(.cannotDeleteNow) }
    /// "Type delete to confirm:".
    package static var typeDeleteToConfirm: String { L10n.Session.text(.typeDeleteToConfirm) }
    /// "Kept the account.".
    package static var keptAccount: String { L10n.Session.text(.keptAccount) }
  }
}
