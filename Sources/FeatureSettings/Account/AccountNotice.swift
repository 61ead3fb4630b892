import Localization

/// Something the account screen tells the user that is not a failure.
public enum AccountNotice: Equatable, Sendable {
  /// A password-reset link was sent to the address.
  case passwordResetSent(email: String)
  /// The account was created and a confirmation e-mail sent; sign in after confirming.
  case confirmationSent

  /// The sentence to show, in the current language.
  public var message: String {
    switch self {
    case .passwordResetSent(let email): return L10n.Auth.resetEmailSent(to: email)
    case .confirmationSent: return L10n.Auth.confirmEmail
    }
  }
}
