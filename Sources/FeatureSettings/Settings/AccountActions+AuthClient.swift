import Auth

extension AccountActions {
  /// The sign-out and account deletion of `auth`.
  public init(_ auth: any AuthClient) {
    self.init(
      signOut: { try await auth.signOut() }, deleteAccount: { try await auth.deleteAccount() })
  }
}
