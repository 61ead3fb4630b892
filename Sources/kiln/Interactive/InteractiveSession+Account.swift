import AI
import Core
import FeatureChat
import FeatureSettings
import Localization
import TerminalUI

extension InteractiveSession {
  /// "Kiln Pro" while the subscription lifts the free tier's cap; `nil` on the free plan and
  /// with the user's own provider (which no plan limits). The free tier asks the payments
  /// client before every message, so this is never staler than the last message.
  var planName: String? {
    dependencies.freeTier.provider.isMetered && dependencies.freeTier.status == .unlimited
      ? "Kiln Pro" : nil
  }

  /// Reads the saved settings through the settings model (as the settings screen does when
  /// it appears): applies the theme, and the saved persona and model unless the command line
  /// chose others. A premium theme whose subscription lapsed falls back to System.
  func loadSettings() async {
    let before = dependencies.themeManager.selected
    await settingsModel.load()
    repaint()
    if before.isPremium, !settingsModel.theme.isPremium, !settingsModel.isSubscribed {
      let name = L10n.Theme.name(of: before)
      hint("Kiln Pro has ended, so the theme is System again; /upgrade brings \(name) back.")
    }
    if !personaWasChosen,
      let saved = PersonaCatalogue.persona(rawID: settingsModel.selectedPersonaID)
    {
      persona = saved
    }
    if !modelWasChosen, let saved = settingsModel.selectedModel { model = ModelID(rawValue: saved) }
    reportSettingsFailure(doing: "read the settings")
  }

  /// Takes the colours of the theme in use.
  func repaint() {
    theme = SessionTheme.terminalTheme(
      for: dependencies.themeManager.selected, environment: environment)
  }

  /// Shows the settings model's last failure, if any; returns whether there was one.
  @discardableResult
  func reportSettingsFailure(doing action: String) -> Bool {
    guard let error = settingsModel.error else { return false }
    problem(error, doing: action)
    settingsModel.errorDismissed()
    return true
  }

  func whoami() async {
    let user = await dependencies.auth.currentUser()
    if let user {
      say("Signed in as \(user.email ?? user.id).")
    } else {
      say("Not signed in. /login signs in.")
    }
    await showPlan()
  }

  func showPlan() async {
    let state = await dependencies.payments.currentState()
    await dependencies.freeTier.refresh()
    if state.isSubscribed {
      var line = "Plan: Kiln Pro"
      if let expiry = state.expirationDate {
        line += state.willRenew ? ", renews " : ", ends "
        line += Row.date(expiry)
      }
      say(line + ".")
    } else if let left = dependencies.freeTier.remaining {
      say("Plan: free, \(left) of \(dependencies.freeTier.policy.limit) free messages left.")
    } else {
      say("Plan: free (your own provider has no Kiln limit).")
    }
  }

  /// Signs in through the account model, as the sign-in screen does.
  func login(email: String?) async {
    let account = dependencies.makeAccountViewModel()
    await account.load()
    if let user = account.user {
      hint("Already signed in as \(user.email ?? user.id); /logout first to switch.")
      return
    }
    let typed = email == nil ? await io.ask("E-mail: ", secret: false) : email
    guard let address = typed?.trimmingCharacters(in: .whitespaces), !address.isEmpty else {
      hint("Sign-in cancelled.")
      return
    }
    account.email = address
    // Said before the password is asked for, not after it was typed (or, piped, after the
    // next line of input was taken as the password).
    guard account.isEmailPlausible else {
      problem(AccountProblem.invalidEmail.message)
      return
    }
    guard let password = await io.ask("Password: ", secret: true), !password.isEmpty else {
      hint("Sign-in cancelled.")
      return
    }
    account.password = password
    await account.submitButtonTapped()
    guard let user = account.user else {
      if case .failed(let error) = account.problem {
        problem(error, doing: "sign in")
      } else {
        problem(account.errorMessage ?? "Could not sign in.")
      }
      return
    }
    await subscriptionMayHaveChanged()
    done("Signed in as \(user.email ?? address).")
  }

  /// Signs out through the settings model, as the settings screen's "Sign Out" does.
  func logout() async {
    guard let user = await dependencies.auth.currentUser() else {
      hint("Not signed in.")
      return
    }
    await settingsModel.signOutButtonTapped()
    if reportSettingsFailure(doing: "sign out") { return }
    await subscriptionMayHaveChanged()
    done("Signed out \(user.email ?? user.id).")
  }

  /// Deletes the account through the settings model, as the settings screen's "Delete
  /// Account" does: nothing happens until the user types "delete" at the confirmation.
  /// Then, as the warning says, the chats and memories on this machine are erased too.
  func deleteAccount() async {
    guard let user = await dependencies.auth.currentUser() else {
      hint("Not signed in: there is no account to delete.")
      return
    }
    settingsModel.deleteAccountButtonTapped()
    guard settingsModel.accountDeletion == .confirming else {
      problem("The account cannot be deleted right now; try again in a moment.")
      return
    }
    say(L10n.Settings.deleteAccountTitle + " (\(user.email ?? user.id))", theme.warning)
    say(L10n.Settings.deleteAccountMessage)
    let answer = await io.ask("Type delete to confirm: ", secret: false)
    guard answer?.trimmingCharacters(in: .whitespaces).lowercased() == "delete" else {
      settingsModel.deleteAccountCancelled()
      hint("Kept the account.")
      return
    }
    await settingsModel.deleteAccountConfirmed()
    guard settingsModel.accountDeletion == .deleted else {
      _ = reportSettingsFailure(doing: "delete the account")
      return
    }
    chat = nil
    conversation = nil
    listing = []
    do {
      try await dependencies.eraseLocalUserData()
    } catch {
      problem(AppError.from(error), doing: "erase the chats on this machine")
    }
    await memories.load()
    await subscriptionMayHaveChanged()
    done(L10n.Settings.accountDeleted)
  }

  /// After a sign-in, sign-out, purchase or restore: the payments client learns who the
  /// user is, and the free tier and the settings (premium themes) see the new state.
  func subscriptionMayHaveChanged() async {
    await dependencies.configurePayments()
    await dependencies.freeTier.refresh()
    await settingsModel.load()
    repaint()
  }
}
