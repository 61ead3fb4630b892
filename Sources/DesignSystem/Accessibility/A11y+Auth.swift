extension A11y {
  /// Auth labels.
  public enum Auth {
    /// "Sign in with Apple": Double tap to sign in with your Apple Account.
    public static let signInApple = A11yEntry("auth.signInApple", traits: [.button])

    /// "Sign in with Google": Double tap to sign in with your Google account.
    public static let signInGoogle = A11yEntry("auth.signInGoogle", traits: [.button])

    /// "Sign in with email": Double tap to sign in with your email and password.
    public static let signInEmail = A11yEntry("auth.signInEmail", traits: [.button])

    /// "Email": Enter your email address.
    public static let emailInput = A11yEntry("auth.emailInput", traits: [.textEntry])

    /// "Password": Enter your password.
    public static let passwordInput = A11yEntry("auth.passwordInput", traits: [.textEntry])

    /// "Show password": Double tap to show the password as text.
    public static let showPassword = A11yEntry("auth.showPassword", traits: [.button])

    /// "Forgot password": Double tap to reset your password by email.
    public static let forgotPassword = A11yEntry("auth.forgotPassword", traits: [.button])

    /// "Create account": Double tap to sign up with your email.
    public static let createAccount = A11yEntry("auth.createAccount", traits: [.button])

    /// "Sign out": Double tap to sign out of your account.
    public static let signOut = A11yEntry("auth.signOut", traits: [.button])

    /// Every entry, parameterized ones with sample values, for the catalogue tests.
    public static var all: [A11yEntry] {
      [
        signInApple, signInGoogle, signInEmail, emailInput, passwordInput, showPassword,
        forgotPassword, createAccount, signOut,
      ]
    }
  }
}
