/// Where deleting the account stands. Deletion always passes through `confirming`: the
/// destructive call is made only from there.
public enum AccountDeletionState: Equatable, Sendable {
  /// Nothing asked.
  case idle
  /// The user tapped "Delete Account": show the confirmation ("Delete your account?", the
  /// warning, "Delete Permanently" and Cancel).
  case confirming
  /// The backend is deleting the account.
  case deleting
  /// The account is gone and the user is signed out: show "Your account has been deleted."
  case deleted
}
