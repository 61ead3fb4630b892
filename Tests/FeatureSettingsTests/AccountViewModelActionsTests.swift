import Auth
import Core
import FeatureSettings
import Localization
import Testing

/// Password reset, sign-out and account deletion with confirmation.
@MainActor @Suite struct AccountViewModelActionsTests {
  static let ana = AccountViewModelTests.ana

  func makeSignedIn(_ auth: ScriptedAuthClient) async -> AccountViewModel {
    let account = AccountViewModel(auth: auth)
    await account.load()
    return account
  }

  @Test func resetPasswordSendsTheLinkAndSaysWhere() async {
    await ScriptedAuthClient.run { auth in
      await auth.answer(.resetPassword(email: "ana@kiln.dev"), with: .success(()))
      let account = AccountViewModel(auth: auth)
      account.email = "ana@kiln.dev "
      await account.forgotPasswordButtonTapped()
      #expect(account.notice == .passwordResetSent(email: "ana@kiln.dev"))
      #expect(
        L10n.withLanguage(.english) { account.noticeMessage }
          == "We sent a password reset link to ana@kiln.dev.")
      #expect(account.problem == nil)
    }
  }

  @Test func theEmailIsJudgedBeforeThePasswordIsTyped() {
    let account = AccountViewModel(auth: ScriptedAuthClient())
    #expect(!account.isEmailPlausible)
    account.email = "ana"
    #expect(!account.isEmailPlausible)
    account.email = " ana@kiln.dev "
    #expect(account.isEmailPlausible)
    #expect(account.problem == nil, "asking is not submitting")
  }

  @Test func resetPasswordNeedsAPlausibleAddress() async {
    await ScriptedAuthClient.run { auth in
      let account = AccountViewModel(auth: auth)
      account.email = "ana"
      await account.forgotPasswordButtonTapped()
      #expect(account.problem == .invalidEmail)
      #expect(account.notice == nil)
      #expect(await auth.calls.isEmpty)
    }
  }

  @Test func aRateLimitedResetSaysSo() async {
    await ScriptedAuthClient.run { auth in
      let limited = GoTrueError(
        status: 429, code: .overEmailSendRateLimit, message: "Email rate limit exceeded",
        retryAfter: 60, shape: .current)
      await auth.answer(
        .resetPassword(email: "ana@kiln.dev"), with: .failure(AuthError.server(limited)))
      let account = AccountViewModel(auth: auth)
      account.email = "ana@kiln.dev"
      await account.forgotPasswordButtonTapped()
      #expect(account.problem == .failed(.rateLimited(retryAfter: 60)))
      #expect(account.notice == nil)
      #expect(
        L10n.withLanguage(.english) {
          account.errorMessage == AppError.rateLimited(retryAfter: 60).localizedUserMessage
        })
    }
  }

  @Test func signOutSignsOut() async {
    await ScriptedAuthClient.run(signedIn: Self.ana) { auth in
      await auth.answer(.signOut, with: .success(()))
      let account = await makeSignedIn(auth)
      await account.signOutButtonTapped()
      #expect(account.status == .signedOut)
      #expect(account.activity == .idle)
      #expect(await auth.calls == [.signOut])
    }
  }

  @Test func signOutWhenSignedOutDoesNothing() async {
    await ScriptedAuthClient.run { auth in
      let account = await makeSignedIn(auth)
      await account.signOutButtonTapped()
      #expect(await auth.calls.isEmpty)
    }
  }

  @Test func aFailedSignOutKeepsTheUserAndShowsWhy() async {
    await ScriptedAuthClient.run(signedIn: Self.ana) { auth in
      await auth.answer(.signOut, with: .failure(AppError.storage(.readOnly)))
      let account = await makeSignedIn(auth)
      await account.signOutButtonTapped()
      #expect(account.user == Self.ana)
      #expect(account.problem == .failed(.storage(.readOnly)))
    }
  }

  @Test func deletingTheAccountNeedsConfirmationAndSignsOut() async {
    await ScriptedAuthClient.run(signedIn: Self.ana) { auth in
      await auth.answer(.deleteAccount, with: .success(()))
      let account = await makeSignedIn(auth)

      await account.deleteAccountConfirmed()
      #expect(account.deletion == .idle, "nothing happens without the confirmation")
      account.deleteAccountButtonTapped()
      #expect(account.deletion == .confirming)
      account.deleteAccountCancelled()
      #expect(account.deletion == .idle)
      #expect(await auth.calls.isEmpty)

      account.deleteAccountButtonTapped()
      await account.deleteAccountConfirmed()
      #expect(account.deletion == .deleted)
      #expect(account.status == .signedOut)
      #expect(await auth.calls == [.deleteAccount])
      #expect(await auth.currentUser() == nil)
      #expect(
        L10n.withLanguage(.english) { L10n.Settings.accountDeleted }
          == "Your account has been deleted.")
    }
  }

  @Test func deletionIsNotOfferedWhenSignedOut() async {
    let account = await makeSignedIn(ScriptedAuthClient())
    account.deleteAccountButtonTapped()
    #expect(account.deletion == .idle)
  }

  @Test func aFailedDeletionKeepsTheSessionAndShowsWhy() async {
    await ScriptedAuthClient.run(signedIn: Self.ana) { auth in
      await auth.answer(
        .deleteAccount, with: .failure(AppError.serviceUnavailable(status: 503)))
      let account = await makeSignedIn(auth)
      account.deleteAccountButtonTapped()
      await account.deleteAccountConfirmed()
      #expect(account.deletion == .idle)
      #expect(account.user == Self.ana)
      #expect(account.problem == .failed(.serviceUnavailable(status: 503)))
      #expect(
        L10n.withLanguage(.english) {
          account.errorMessage == AppError.serviceUnavailable(status: 503).localizedUserMessage
        })

      account.messageDismissed()
      #expect(account.errorMessage == nil)
    }
  }

  @Test func switchingFormsClearsInputProblemsAndNotices() async {
    await ScriptedAuthClient.run { auth in
      await auth.answer(.resetPassword(email: "ana@kiln.dev"), with: .success(()))
      let account = AccountViewModel(auth: auth)
      account.email = "ana@kiln.dev"
      await account.forgotPasswordButtonTapped()
      #expect(account.notice != nil)
      account.formModeChanged(.signUp)
      #expect(account.notice == nil)
      account.password = "short"
      await account.submitButtonTapped()
      #expect(account.problem == .passwordTooShort(minimumLength: 8))
      account.formModeChanged(.signIn)
      #expect(account.problem == nil)
      #expect(account.mode == .signIn)
    }
  }
}
