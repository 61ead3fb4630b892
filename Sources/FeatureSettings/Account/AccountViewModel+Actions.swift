import Auth

extension AccountViewModel {
  /// The user switched between the sign-in and sign-up forms.
  public func formModeChanged(_ mode: FormMode) {
    guard !isBusy, mode != self.mode else { return }
    self.mode = mode
    if problem?.isAboutInput == true { problem = nil }
    notice = nil
  }

  /// The user submitted the form: signs in or signs up, depending on `mode`.
  public func submitButtonTapped() async {
    guard !isBusy else { return }
    if let problem = inputProblem(for: mode) {
      self.problem = problem
      return
    }
    let address = trimmedEmail
    let secret = password
    switch mode {
    case .signIn:
      await signIn(with: "E-mail sign-in") {
        try await $0.signInWithEmail(email: address, password: secret)
      }
    case .signUp:
      await signUp(email: address, password: secret)
    }
  }

  /// The user tapped "Continue with Apple".
  public func signInWithAppleButtonTapped() async {
    await signIn(with: "Apple sign-in") { try await $0.signInWithApple() }
  }

  /// The user tapped "Continue with Google".
  public func signInWithGoogleButtonTapped() async {
    await signIn(with: "Google sign-in") { try await $0.signInWithGoogle() }
  }

  /// The user tapped "Forgot password?": sends a reset link to the typed address. The
  /// server answers the same for unknown addresses, and so does this screen.
  public func forgotPasswordButtonTapped() async {
    guard !isBusy else { return }
    let address = trimmedEmail
    guard CredentialRules.isPlausibleEmail(address) else {
      problem = .invalidEmail
      return
    }
    begin(.sendingPasswordReset)
    defer { activity = .idle }
    do {
      try await auth.resetPassword(email: address)
      notice = .passwordResetSent(email: address)
    } catch {
      report(error, while: "Password reset")
    }
  }

  /// The user tapped "Sign Out".
  public func signOutButtonTapped() async {
    guard !isBusy, user != nil else { return }
    begin(.signingOut)
    defer { activity = .idle }
    do {
      try await auth.signOut()
      status = .signedOut
    } catch {
      report(error, while: "Sign-out")
    }
  }

  /// The user tapped "Delete Account": ask for confirmation first.
  public func deleteAccountButtonTapped() {
    guard !isBusy, user != nil, deletion == .idle || deletion == .deleted else { return }
    deletion = .confirming
  }

  /// The user backed out of the confirmation.
  public func deleteAccountCancelled() {
    guard deletion == .confirming else { return }
    deletion = .idle
  }

  /// The user confirmed ("Delete Permanently"): deletes the account, which signs out. Does
  /// nothing unless the confirmation is showing. A failure keeps the session and shows why.
  public func deleteAccountConfirmed() async {
    guard deletion == .confirming else { return }
    deletion = .deleting
    problem = nil
    do {
      try await auth.deleteAccount()
      deletion = .deleted
      status = .signedOut
    } catch {
      deletion = .idle
      report(error, while: "Account deletion")
    }
  }

  /// The user dismissed the error or the notice.
  public func messageDismissed() {
    problem = nil
    notice = nil
  }

  // MARK: - Running

  private func signUp(email address: String, password secret: String) async {
    begin(.signingUp)
    defer { activity = .idle }
    do {
      let outcome = try await auth.signUpWithEmail(email: address, password: secret)
      password = ""
      switch outcome {
      case .signedIn(let user):
        status = .signedIn(user)
      case .confirmationRequired:
        mode = .signIn
        notice = .confirmationSent
      }
    } catch {
      password = ""
      report(error, while: "Sign-up")
    }
  }

  private func signIn(
    with method: String, _ operation: (any AuthClient) async throws -> AuthUser
  ) async {
    guard !isBusy else { return }
    begin(.signingIn)
    defer { activity = .idle }
    do {
      let user = try await operation(auth)
      password = ""
      status = .signedIn(user)
    } catch {
      password = ""
      report(error, while: method)
    }
  }

  private func begin(_ activity: Activity) {
    self.activity = activity
    problem = nil
    notice = nil
  }
}
