import Core
import Localization

/// What stops the account form, localized when read.
public enum AccountProblem: Equatable, Sendable {
  /// The e-mail address is not plausible.
  case invalidEmail
  /// Sign-in needs a password.
  case passwordRequired
  /// A new password is shorter than the minimum.
  case passwordTooShort(minimumLength: Int)
  /// The server, the network or the session failed.
  case failed(AppError)

  /// The sentence to show, in the current language.
  public var message: String {
    switch self {
    case .invalidEmail: return L10n.Auth.invalidEmail
    case .passwordRequired: return L10n.Auth.passwordRequired
    case .passwordTooShort(let minimumLength):
      return L10n.Auth.passwordTooShort(minimumLength: minimumLength)
    case .failed(let error): return error.localizedUserMessage
    }
  }

  /// Whether the problem is with what was typed, so editing a field clears it.
  public var isAboutInput: Bool {
    if case .failed = self { return false }
    return true
  }
}
