extension L10n {
  /// Sign-in, sign-up and session strings.
  public enum Auth {
    /// "Your AI assistant": the line under the app name on the sign-in screen.
    public static var tagline: String { text(.tagline) }
    /// "Welcome": sign-in screen title.
    public static var welcome: String { text(.welcome) }
    /// "Continue with Apple".
    public static var continueWithApple: String { text(.continueWithApple) }
    /// "Continue with Google".
    public static var continueWithGoogle: String { text(.continueWithGoogle) }
    /// "Use email instead".
    public static var useEmailInstead: String { text(.useEmailInstead) }
    /// "or": separates the provider buttons from the email form.
    public static var separatorOr: String { text(.separatorOr) }
    /// "Email": field label.
    public static var email: String { text(.email) }
    /// "you@example.com": email field placeholder.
    public static var emailPlaceholder: String { text(.emailPlaceholder) }
    /// "Password": field label.
    public static var password: String { text(.password) }
    /// "Sign In".
    public static var signIn: String { text(.signIn) }
    /// "Create Account".
    public static var createAccount: String { text(.createAccount) }
    /// "Already have an account? Sign in".
    public static var haveAccountPrompt: String { text(.haveAccountPrompt) }
    /// "Don't have an account? Create one".
    public static var noAccountPrompt: String { text(.noAccountPrompt) }
    /// "Forgot password?".
    public static var forgotPassword: String { text(.forgotPassword) }
    /// "Reset Password".
    public static var resetPassword: String { text(.resetPassword) }
    /// "We sent a password reset link to <email>."
    public static func resetEmailSent(to email: String) -> String {
      text(.resetEmailSent, [.text(email)])
    }
    /// "Check your email to confirm your account."
    public static var confirmEmail: String { text(.confirmEmail) }
    /// "Signing in…": progress while a sign-in request runs.
    public static var signingIn: String { text(.signingIn) }
    /// "Sign Out".
    public static var signOut: String { text(.signOut) }
    /// "Are you sure you want to sign out?"
    public static var signOutConfirmation: String { text(.signOutConfirmation) }
    /// "Signed in as <name or email>".
    public static func signedInAs(_ name: String) -> String {
      text(.signedInAs, [.text(name)])
    }
    /// "Session Expired": alert title; the sentence is `AppError.sessionExpired`'s message.
    public static var sessionExpiredTitle: String { text(.sessionExpiredTitle) }
    /// "Debug Sign In": the debug-only mock sign-in button.
    public static var debugSignIn: String { text(.debugSignIn) }
    /// "Enter a valid email address."
    public static var invalidEmail: String { text(.invalidEmail) }
    /// "Password must be at least <n> characters."
    public static func passwordTooShort(minimumLength: Int) -> String {
      text(.passwordTooShort, [.integer(minimumLength)])
    }
    /// "Enter your password."
    public static var passwordRequired: String { text(.passwordRequired) }
    /// "By continuing, you agree to our Terms of Service and Privacy Policy."
    public static var legalNotice: String { text(.legalNotice) }

    package enum Key: String, LocalizationKey {
      package static let namespace = "auth"
      case tagline, welcome, continueWithApple, continueWithGoogle, useEmailInstead
      case separatorOr, email, emailPlaceholder, password, signIn, createAccount
      case haveAccountPrompt, noAccountPrompt, forgotPassword, resetPassword, resetEmailSent
      case confirmEmail, signingIn, signOut, signOutConfirmation, signedInAs
      case sessionExpiredTitle, debugSignIn, invalidEmail, passwordTooShort, passwordRequired
      case legalNotice
    }

    private static func text(_ key: Key, _ arguments: [LocalizationArgument] = []) -> String {
      L10n.text(key, arguments)
    }
  }
}
