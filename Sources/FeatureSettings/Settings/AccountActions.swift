/// The account actions the settings screen offers: signing out and deleting the account.
/// The settings view model needs nothing else from `AuthClient`; `AccountActions(authClient)`
/// builds them from one.
public struct AccountActions: Sendable {
  /// Signs out (`AuthClient.signOut()`).
  public var signOut: @Sendable () async throws -> Void
  /// Deletes the account and signs out (`AuthClient.deleteAccount()`).
  public var deleteAccount: @Sendable () async throws -> Void

  /// Actions from two closures.
  public init(
    signOut: @escaping @Sendable () async throws -> Void,
    deleteAccount: @escaping @Sendable () async throws -> Void
  ) {
    self.signOut = signOut
    self.deleteAccount = deleteAccount
  }
}
