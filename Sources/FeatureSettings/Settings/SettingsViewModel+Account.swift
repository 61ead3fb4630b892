extension SettingsViewModel {
  /// The user tapped "Sign Out". The app returns to sign-in when the auth state changes.
  public func signOutButtonTapped() async {
    guard !isSigningOut, accountDeletion != .deleting else { return }
    isSigningOut = true
    defer { isSigningOut = false }
    do {
      try await account.signOut()
    } catch {
      report(error, while: "Signing out")
    }
  }

  /// The user tapped "Delete Account": ask for confirmation first.
  public func deleteAccountButtonTapped() {
    guard accountDeletion == .idle, !isSigningOut else { return }
    accountDeletion = .confirming
  }

  /// The user backed out of the confirmation.
  public func deleteAccountCancelled() {
    guard accountDeletion == .confirming else { return }
    accountDeletion = .idle
  }

  /// The user confirmed ("Delete Permanently"): deletes the account, which also signs out.
  /// Does nothing unless the confirmation is showing. A failure keeps the account and the
  /// session and shows why.
  public func deleteAccountConfirmed() async {
    guard accountDeletion == .confirming else { return }
    accountDeletion = .deleting
    do {
      try await account.deleteAccount()
      accountDeletion = .deleted
    } catch {
      accountDeletion = .idle
      report(error, while: "Deleting the account")
    }
  }
}
