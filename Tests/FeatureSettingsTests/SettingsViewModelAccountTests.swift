import Auth
import Core
import FeatureSettings
import Localization
import Testing

/// Signing out and deleting the account from the settings screen.
@MainActor @Suite struct SettingsViewModelAccountTests {
  @Test func signOutSignsOut() async {
    let auth = MockAuthClient(signedIn: true)
    let settings = await SettingsHarness().makeLoadedViewModel(account: AccountActions(auth))
    #expect(await auth.currentUser() != nil)
    await settings.signOutButtonTapped()
    #expect(await auth.currentUser() == nil)
    #expect(!settings.isSigningOut)
    #expect(settings.error == nil)
  }

  @Test func aFailedSignOutShowsWhy() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel(
      account: AccountActions(
        signOut: { throw AppError.storage(.readOnly) },
        deleteAccount: { Issue.record("deleteAccount was not asked for") }))
    await settings.signOutButtonTapped()
    #expect(
      L10n.withLanguage(.english) { settings.errorMessage }
        == "The app cannot save here. Check that the data folder is writable.")
  }

  @Test func deletingTheAccountNeedsConfirmation() async {
    let auth = MockAuthClient(signedIn: true)
    let settings = await SettingsHarness().makeLoadedViewModel(account: AccountActions(auth))
    await settings.deleteAccountConfirmed()
    #expect(settings.accountDeletion == .idle, "no confirmation was showing")
    #expect(await auth.currentUser() != nil)

    settings.deleteAccountButtonTapped()
    #expect(settings.accountDeletion == .confirming)
    settings.deleteAccountCancelled()
    #expect(settings.accountDeletion == .idle)
    #expect(await auth.currentUser() != nil)

    settings.deleteAccountButtonTapped()
    await settings.deleteAccountConfirmed()
    #expect(settings.accountDeletion == .deleted)
    #expect(await auth.currentUser() == nil, "deleting signs out")
  }

  @Test func aFailedDeletionKeepsTheAccountAndShowsWhy() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel(
      account: AccountActions(
        signOut: { Issue.record("signOut was not asked for") },
        deleteAccount: { throw AuthError.notSignedIn }))
    settings.deleteAccountButtonTapped()
    await settings.deleteAccountConfirmed()
    #expect(settings.accountDeletion == .idle)
    #expect(settings.error == .sessionExpired)
    #expect(
      L10n.withLanguage(.spanish) { settings.errorMessage }
        == "Tu sesión ha caducado. Vuelve a iniciar sesión.")
  }

  @Test func aCancelledDeletionIsNotAnError() async {
    let harness = SettingsHarness()
    let settings = await harness.makeLoadedViewModel(
      account: AccountActions(
        signOut: { Issue.record("signOut was not asked for") },
        deleteAccount: { throw CancellationError() }))
    settings.deleteAccountButtonTapped()
    await settings.deleteAccountConfirmed()
    #expect(settings.accountDeletion == .idle)
    #expect(settings.error == nil)
  }
}
