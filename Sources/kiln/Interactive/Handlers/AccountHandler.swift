import Auth
import Core
import FeatureChat
import FeatureSettings
import Foundation
import Localization
import TerminalUI

/// `/whoami`, `/login`, `/logout` and `/delete-account`: the account, through the same
/// `AccountViewModel` (sign-in) and `SettingsViewModel` (sign-out, deletion) the app's
/// screens use.
@MainActor
final class AccountHandler: SlashCommandHandler {
  private let console: SessionConsole
  private let screen: SettingsScreen
  private let focus: SessionFocus
  private let auth: any AuthClient
  private let makeAccount: () -> AccountViewModel
  private let eraseLocalData: @MainActor () async throws -> Void
  private let memories: MemoriesViewModel
  private let plan: PlanReport
  private let subscriptionMayHaveChanged: @MainActor () async -> Void

  /// The account commands. `eraseLocalData` erases the chats and memories on this machine
  /// once the account is deleted; `subscriptionMayHaveChanged` runs after every sign-in,
  /// sign-out and deletion.
  init(
    console: SessionConsole, screen: SettingsScreen, focus: SessionFocus, auth: any AuthClient,
    makeAccount: @escaping () -> AccountViewModel,
    eraseLocalData: @escaping @MainActor () async throws -> Void, memories: MemoriesViewModel,
    plan: PlanReport, subscriptionMayHaveChanged: @escaping @MainActor () async -> Void
  ) {
    self.console = console
    self.screen = screen
    self.focus = focus
    self.auth = auth
    self.makeAccount = makeAccount
    self.eraseLocalData = eraseLocalData
    self.memories = memories
    self.plan = plan
    self.subscriptionMayHaveChanged = subscriptionMayHaveChanged
  }

  func run(_ command: SlashCommand) async -> Bool {
    switch command {
    case .whoami: await whoami()
    case .login(let email): await login(email: email)
    case .logout: await logout()
    case .deleteAccount: await deleteAccount()
    default: return false
    }
    return true
  }

  private func whoami() async {
    let user = await auth.currentUser()
    if let user {
      console.say(L10n.Session.Account.signedInAs(user.email ?? user.id))
    } else {
      console.say(L10n.Session.Account.notSignedInLogin)
    }
    await plan.show()
  }

  /// Signs in through the account model, as the sign-in screen does.
  private func login(email: String?) async {
    let account = makeAccount()
    await account.load()
    if let user = account.user {
      console.hint(L10n.Session.Account.alreadySignedIn(user.email ?? user.id))
      return
    }
    let typed =
      email == nil
      ? await console.io.ask(L10n.Session.Account.emailPrompt + " ", secret: false) : email
    guard let address = typed?.trimmingCharacters(in: .whitespaces), !address.isEmpty else {
      console.hint(L10n.Session.Account.signInCancelled)
      return
    }
    account.email = address
    // Said before the password is asked for, not after it was typed (or, piped, after the
    // next line of input was taken as the password).
    guard account.isEmailPlausible else {
      console.problem(AccountProblem.invalidEmail.message)
      return
    }
    guard
      let password = await console.io.ask(L10n.Session.Account.passwordPrompt + " ", secret: true),
      !password.isEmpty
    else {
      console.hint(L10n.Session.Account.signInCancelled)
      return
    }
    account.password = password
    await account.submitButtonTapped()
    guard let user = account.user else {
      if case .failed(let error) = account.problem {
        console.problem(error, doing: L10n.Session.Actions.doSignIn)
      } else {
        console.problem(account.errorMessage ?? L10n.Session.Account.couldNotSignIn)
      }
      return
    }
    await subscriptionMayHaveChanged()
    console.done(L10n.Session.Account.signedInAs(user.email ?? address))
  }

  /// Signs out through the settings model, as the settings screen's "Sign Out" does.
  private func logout() async {
    guard let user = await auth.currentUser() else {
      console.hint(L10n.Session.Account.notSignedIn)
      return
    }
    await screen.model.signOutButtonTapped()
    if screen.reportFailure(doing: L10n.Session.Actions.doSignOut) { return }
    await subscriptionMayHaveChanged()
    console.done(L10n.Session.Account.signedOut(user.email ?? user.id))
  }

  /// Deletes the account through the settings model, as the settings screen's "Delete
  /// Account" does: nothing happens until the user types "delete" at the confirmation.
  /// Then, as the warning says, the chats and memories on this machine are erased too.
  private func deleteAccount() async {
    guard let user = await auth.currentUser() else {
      console.hint(L10n.Session.Account.noAccountToDelete)
      return
    }
    screen.model.deleteAccountButtonTapped()
    guard screen.model.accountDeletion == .confirming else {
      console.problem(L10n.Session.Account.cannotDeleteNow)
      return
    }
    console.say(
      L10n.Settings.deleteAccountTitle + " (\(user.email ?? user.id))", console.theme.warning)
    console.say(L10n.Settings.deleteAccountMessage)
    let answer = await console.io.ask(L10n.Session.Account.typeDeleteToConfirm + " ", secret: false)
    guard answer?.trimmingCharacters(in: .whitespaces).lowercased() == "delete" else {
      screen.model.deleteAccountCancelled()
      console.hint(L10n.Session.Account.keptAccount)
      return
    }
    await screen.model.deleteAccountConfirmed()
    guard screen.model.accountDeletion == .deleted else {
      _ = screen.reportFailure(doing: L10n.Session.Actions.doDeleteAccount)
      return
    }
    focus.clear()
    do {
      try await eraseLocalData()
    } catch {
      console.problem(AppError.from(error), doing: L10n.Session.Actions.doEraseChats)
    }
    await memories.load()
    await subscriptionMayHaveChanged()
    console.done(L10n.Settings.accountDeleted)
  }
}
