import Auth
import Core
import FeatureSettings
import Localization
import TestSupport
import Testing

/// Who is signed in, signing in and up, and the form's own checks.
@MainActor @Suite struct AccountViewModelTests {
  static let ana = AuthUser(id: "u-1", email: "ana@kiln.dev", name: "Ana")

  static var wrongPassword: AuthError {
    .server(
      GoTrueError(
        status: 400, code: .invalidCredentials, message: "Invalid login credentials",
        shape: .current))
  }

  @Test func loadShowsWhoIsSignedIn() async {
    let signedOut = AccountViewModel(auth: MockAuthClient())
    #expect(signedOut.status == .unknown)
    await signedOut.load()
    #expect(signedOut.status == .signedOut)
    #expect(signedOut.user == nil)

    let signedIn = AccountViewModel(auth: ScriptedAuthClient(signedIn: Self.ana))
    await signedIn.load()
    #expect(signedIn.user == Self.ana)
    #expect(L10n.withLanguage(.english) { signedIn.signedInText } == "Signed in as Ana")
  }

  @Test func signingInWithEmailSignsIn() async {
    let auth = MockAuthClient()
    let account = AccountViewModel(auth: auth)
    await account.load()
    account.email = "  ana@kiln.dev "
    account.password = "correct horse"
    #expect(account.canSubmit)
    await account.submitButtonTapped()
    #expect(account.user?.email == "ana@kiln.dev", "the address is sent trimmed")
    #expect(account.password.isEmpty, "the password is not kept")
    #expect(account.activity == .idle)
    #expect(account.problem == nil)
    #expect(await auth.currentUser() != nil)
  }

  @Test func aWrongPasswordSaysSoInTheUsersLanguage() async {
    await ScriptedAuthClient.run { auth in
      await auth.answerSignIn(.failure(Self.wrongPassword))
      let account = AccountViewModel(auth: auth)
      await account.load()
      account.email = "ana@kiln.dev"
      account.password = "wrong"
      await account.submitButtonTapped()
      #expect(account.problem == .failed(.unauthorized))
      #expect(
        L10n.withLanguage(.english) { account.errorMessage }
          == "Invalid email or password. Please check your credentials and try again.")
      #expect(
        L10n.withLanguage(.spanish) { account.errorMessage }
          == "El correo electrónico o la contraseña no son válidos. Revisa tus credenciales e "
          + "inténtalo de nuevo.")
      #expect(account.status == .signedOut)
      #expect(account.password.isEmpty)
      #expect(await auth.calls == [.signIn(email: "ana@kiln.dev")])
      #expect(await auth.passwords == ["wrong"])
    }
  }

  @Test func anImplausibleAddressIsCaughtBeforeAskingTheServer() async {
    await ScriptedAuthClient.run { auth in
      let account = AccountViewModel(auth: auth)
      for address in ["", "ana", "ana@", "@kiln.dev", "ana@kiln", "ana@kiln.", "a na@kiln.dev"] {
        account.email = address
        account.password = "secret"
        #expect(!account.canSubmit, "\(address)")
        await account.submitButtonTapped()
        #expect(account.problem == .invalidEmail, "\(address)")
      }
      #expect(
        L10n.withLanguage(.english) { account.errorMessage } == "Enter a valid email address.")
      #expect(await auth.calls.isEmpty)
    }
  }

  @Test func signInNeedsAPassword() async {
    await ScriptedAuthClient.run { auth in
      let account = AccountViewModel(auth: auth)
      account.email = "ana@kiln.dev"
      await account.submitButtonTapped()
      #expect(account.problem == .passwordRequired)
      #expect(L10n.withLanguage(.english) { account.errorMessage } == "Enter your password.")
      #expect(await auth.calls.isEmpty)
    }
  }

  @Test func editingAFieldClearsAProblemWithWhatWasTyped() async {
    let account = AccountViewModel(auth: ScriptedAuthClient())
    account.email = "ana"
    await account.submitButtonTapped()
    #expect(account.problem == .invalidEmail)
    account.email = "ana@"
    #expect(account.problem == nil)
    account.email = "ana@kiln.dev"
    await account.submitButtonTapped()
    #expect(account.problem == .passwordRequired)
    account.password = "s"
    #expect(account.problem == nil)
  }

  @Test func editingAFieldKeepsAServerFailureOnScreen() async {
    await ScriptedAuthClient.run { auth in
      await auth.answerSignIn(.failure(Self.wrongPassword))
      let account = AccountViewModel(auth: auth)
      account.email = "ana@kiln.dev"
      account.password = "wrong"
      await account.submitButtonTapped()
      account.password = "again"
      #expect(account.problem == .failed(.unauthorized))
    }
  }

  @Test func signUpSignsInWhenNoConfirmationIsNeeded() async {
    await ScriptedAuthClient.run { auth in
      await auth.answerSignUp(.success(.signedIn(Self.ana)))
      let account = AccountViewModel(auth: auth)
      account.formModeChanged(.signUp)
      account.email = "ana@kiln.dev"
      account.password = "long enough"
      await account.submitButtonTapped()
      #expect(account.user == Self.ana)
      #expect(await auth.calls == [.signUp(email: "ana@kiln.dev")])
    }
  }

  @Test func signUpThatNeedsConfirmationSaysCheckYourEmail() async {
    await ScriptedAuthClient.run { auth in
      await auth.answerSignUp(.success(.confirmationRequired(Self.ana)))
      let account = AccountViewModel(auth: auth)
      await account.load()
      account.formModeChanged(.signUp)
      account.email = "ana@kiln.dev"
      account.password = "long enough"
      await account.submitButtonTapped()
      #expect(account.status == .signedOut)
      #expect(account.mode == .signIn)
      #expect(account.notice == .confirmationSent)
      #expect(
        L10n.withLanguage(.english) { account.noticeMessage }
          == "Check your email to confirm your account.")
    }
  }

  @Test func signUpRefusesAShortPasswordOnBothSidesOfTheMinimum() async {
    await ScriptedAuthClient.run { auth in
      await auth.answerSignUp(.success(.signedIn(Self.ana)))
      let account = AccountViewModel(auth: auth, minimumPasswordLength: 8)
      account.formModeChanged(.signUp)
      account.email = "ana@kiln.dev"
      account.password = "1234567"
      #expect(!account.canSubmit)
      await account.submitButtonTapped()
      #expect(account.problem == .passwordTooShort(minimumLength: 8))
      #expect(
        L10n.withLanguage(.english) { account.errorMessage }
          == "Password must be at least 8 characters.")
      account.password = "12345678"
      #expect(account.canSubmit)
      await account.submitButtonTapped()
      #expect(account.user == Self.ana)
      #expect(await auth.passwords == ["12345678"])
    }
  }

  @Test func aServerRefusalOfSignUpIsShownAsTheServerPutIt() async {
    await ScriptedAuthClient.run { auth in
      let weak = GoTrueError(
        status: 422, code: .weakPassword, message: "Password is known to be weak and easy to guess",
        shape: .current)
      await auth.answerSignUp(.failure(AuthError.server(weak)))
      let account = AccountViewModel(auth: auth)
      account.formModeChanged(.signUp)
      account.email = "ana@kiln.dev"
      account.password = "password1"
      await account.submitButtonTapped()
      #expect(account.errorMessage == "Password is known to be weak and easy to guess")
    }
  }

  @Test func appleSignInWhereItIsUnavailableSaysItIsNotConfigured() async {
    await ScriptedAuthClient.run { auth in
      await auth.answerSignIn(.failure(AuthError.providerUnavailable(.apple)))
      let account = AccountViewModel(auth: auth)
      await account.signInWithAppleButtonTapped()
      #expect(account.problem == .failed(.notConfigured(IdentityProvider.apple.displayName)))
      #expect(await auth.calls == [.signInWithApple])
    }
  }

  @Test func googleSignInSignsIn() async {
    await ScriptedAuthClient.run { auth in
      await auth.answerSignIn(.success(Self.ana))
      let account = AccountViewModel(auth: auth)
      await account.signInWithGoogleButtonTapped()
      #expect(account.user == Self.ana)
    }
  }

  @Test func aSessionEndingElsewhereShows() async {
    await ScriptedAuthClient.run(signedIn: Self.ana) { auth in
      let account = AccountViewModel(auth: auth)
      let observer = Task { await account.observeAuthChanges() }
      defer { observer.cancel() }
      #expect(await eventually { account.user == Self.ana })
      await auth.emit(.refreshing)
      #expect(await eventually { account.status == .restoring })
      await auth.emit(.unauthenticated)
      #expect(await eventually { account.status == .signedOut })
    }
  }
}
