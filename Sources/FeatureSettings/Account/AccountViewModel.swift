import Auth
import Core
import Foundation
import Localization
import Observation

/// The account screen: who is signed in, the e-mail sign-in and sign-up form, password
/// reset, sign-out, and account deletion with confirmation. SwiftUI's sign-in and profile
/// screens and `kiln`'s account commands drive it.
///
/// Call `load()` when the screen appears and keep `observeAuthChanges()` running while it
/// is shown (a session that expires elsewhere shows at once). Errors are localized through
/// `AppError.localizedUserMessage`; a problem with what was typed clears as soon as the user
/// edits the e-mail or password.
@MainActor @Observable
public final class AccountViewModel {
  /// Who is signed in.
  public enum Status: Equatable, Sendable {
    /// Not known yet: `load()` has not run.
    case unknown
    /// Nobody is signed in.
    case signedOut
    /// A stored session is being renewed.
    case restoring
    /// `AuthUser` is signed in.
    case signedIn(AuthUser)
  }

  /// Which form is showing.
  public enum FormMode: Equatable, Sendable {
    /// E-mail and password of an existing account.
    case signIn
    /// A new account.
    case signUp
  }

  /// What the account screen is doing.
  public enum Activity: Equatable, Sendable {
    /// Waiting for the user.
    case idle
    /// Signing in (e-mail, Apple or Google).
    case signingIn
    /// Creating an account.
    case signingUp
    /// Sending a password-reset e-mail.
    case sendingPasswordReset
    /// Signing out.
    case signingOut
  }

  /// The e-mail field. Editing it clears a problem with what was typed.
  public var email = "" {
    didSet { if email != oldValue { clearInputProblem() } }
  }
  /// The password field. Editing it clears a problem with what was typed; it is emptied
  /// after every sign-in or sign-up attempt that reached the server.
  public var password = "" {
    didSet { if password != oldValue { clearInputProblem() } }
  }
  /// Whether the e-mail field holds a plausible address: a form that asks one question at a
  /// time (the terminal's `/login`) checks it before asking for the password.
  public var isEmailPlausible: Bool { CredentialRules.isPlausibleEmail(trimmedEmail) }
  /// Which form is showing.
  public internal(set) var mode: FormMode = .signIn
  /// Who is signed in.
  public internal(set) var status: Status = .unknown
  /// What the screen is doing.
  public internal(set) var activity: Activity = .idle
  /// Where deleting the account stands.
  public internal(set) var deletion: AccountDeletionState = .idle
  /// What went wrong last, if anything.
  public internal(set) var problem: AccountProblem?
  /// What to tell the user, if anything ("We sent a password reset link to …").
  public internal(set) var notice: AccountNotice?

  /// The shortest password sign-up accepts before asking the server.
  public let minimumPasswordLength: Int

  @ObservationIgnored let auth: any AuthClient
  @ObservationIgnored let logger: AppLogger

  /// An account model.
  /// - Parameters:
  ///   - auth: the auth client (`SessionManager`, or `MockAuthClient` in development).
  ///   - minimumPasswordLength: the shortest new password allowed; 8 by default (NIST SP
  ///     800-63B's floor for chosen passwords; GoTrue's own default is 6, so the server never
  ///     rejects what passes here for length).
  ///   - logger: failures are logged here (category `.auth`), without addresses or secrets.
  public init(auth: any AuthClient, minimumPasswordLength: Int = 8, logger: AppLogger = .disabled) {
    self.auth = auth
    self.minimumPasswordLength = max(1, minimumPasswordLength)
    self.logger = logger
  }

  // MARK: - What to render

  /// The signed-in user, if any.
  public var user: AuthUser? {
    if case .signedIn(let user) = status { return user }
    return nil
  }

  /// "Signed in as Ana", when someone is.
  public var signedInText: String? {
    user.map { L10n.Auth.signedInAs($0.displayName) }
  }

  /// Whether something is running (buttons are disabled).
  public var isBusy: Bool { activity != .idle || deletion == .deleting }

  /// Whether the form's submit button is enabled: nothing runs, the e-mail looks like an
  /// address, and a password is typed (long enough, for sign-up).
  public var canSubmit: Bool {
    !isBusy && inputProblem(for: mode) == nil
  }

  /// The problem to show, localized; `nil` when there is none.
  public var errorMessage: String? { problem?.message }

  /// The notice to show, localized; `nil` when there is none.
  public var noticeMessage: String? { notice?.message }

  // MARK: - Following the session

  /// Reads who is signed in.
  public func load() async {
    let user = await auth.currentUser()
    status = user.map(Status.signedIn) ?? .signedOut
  }

  /// Follows sign-ins, sign-outs and expired sessions until the calling task is cancelled.
  public func observeAuthChanges() async {
    for await state in auth.authStates() {
      switch state {
      case .authenticated(let user): status = .signedIn(user)
      case .unauthenticated: status = .signedOut
      case .refreshing: status = .restoring
      }
    }
  }

  // MARK: - Helpers for the actions

  /// The first problem with what was typed for `mode`, if any.
  func inputProblem(for mode: FormMode) -> AccountProblem? {
    guard CredentialRules.isPlausibleEmail(trimmedEmail) else { return .invalidEmail }
    switch mode {
    case .signIn:
      return password.isEmpty ? .passwordRequired : nil
    case .signUp:
      return password.count < minimumPasswordLength
        ? .passwordTooShort(minimumLength: minimumPasswordLength) : nil
    }
  }

  /// The e-mail as sent: without surrounding whitespace.
  var trimmedEmail: String {
    email.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Records a failure for the user (cancellation is not one) and logs its detail.
  func report(_ error: any Error, while action: String) {
    let diagnosis = AppError.diagnose(error)
    guard diagnosis.error != .cancelled else {
      logger.info("\(action) was cancelled", category: .auth)
      return
    }
    logger.error("\(action) failed: \(diagnosis.detail)", category: .auth)
    problem = .failed(diagnosis.error)
  }

  private func clearInputProblem() {
    if problem?.isAboutInput == true { problem = nil }
  }
}
