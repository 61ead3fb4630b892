extension L10n.Session {
  /// "Signed in as %@.".
  package static func signedInAs(_ account: String) -> String {
    Self.text(.signedInAs, [.text(account)])
  }
  /// "Not signed in. /login signs in.".
  package static var notSignedInLogin: String { text(.notSignedInLogin) }
  /// "Already signed in as %@; /logout first to switch.".
  package static func alreadySignedIn(_ account: String) -> String {
    Self.text(.alreadySignedIn, [.text(account)])
  }
  /// "E-mail:".
  package static var emailPrompt: String { text(.emailPrompt) }
  /// "Password:".
  package static var passwordPrompt: String { text(.passwordPrompt) }
  /// "Sign-in cancelled.".
  package static var signInCancelled: String { text(.signInCancelled) }
  /// "Could not sign in.".
  package static var couldNotSignIn: String { text(.couldNotSignIn) }
  /// "Not signed in.".
  package static var notSignedIn: String { text(.notSignedIn) }
  /// "Signed out %@.".
  package static func signedOut(_ account: String) -> String {
    Self.text(.signedOut, [.text(account)])
  }
  /// "Not signed in: there is no account to delete.".
  package static var noAccountToDelete: String { text(.noAccountToDelete) }
  /// "The account cannot be deleted right now; try again in a moment.".
  package static var cannotDeleteNow: String { text(.cannotDeleteNow) }
  /// "Type delete to confirm:".
  package static var typeDeleteToConfirm: String { text(.typeDeleteToConfirm) }
  /// "Kept the account.".
  package static var keptAccount: String { text(.keptAccount) }
}
