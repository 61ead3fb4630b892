import AppComposition
import Auth
import Core
import Foundation
import Localization

/// `kiln login`, `signup`, `logout`, `whoami` and `reset-password`, over the same auth client
/// the app uses. The session is kept in the secure store, so it survives restarts.
enum AccountCommands {
  struct WhoAmI: Encodable {
    let signedIn: Bool
    /// Whether the server recognised the session; `nil` when nobody is signed in.
    let confirmed: Bool?
    let id: String?
    let email: String?
    let name: String?
    let accessTokenExpiresAt: Date?

    enum CodingKeys: String, CodingKey {
      case id, email, name, confirmed
      case signedIn = "signed_in"
      case accessTokenExpiresAt = "access_token_expires_at"
    }
  }

  @MainActor
  static func login(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let (email, password) = try credentials(context)
    let user = try await dependencies.auth.signInWithEmail(email: email, password: password)
    context.console.output(L10n.Terminal.Commands.signedInAs(user.email ?? user.id) + "\n")
    return .success
  }

  @MainActor
  static func signup(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let (email, password) = try credentials(context)
    let outcome = try await dependencies.auth.signUpWithEmail(email: email, password: password)
    switch outcome {
    case .signedIn(let user):
      context.console.output(L10n.Terminal.Commands.accountCreated(user.email ?? user.id) + "\n")
    case .confirmationRequired:
      context.console.output(
        L10n.Terminal.Commands.confirmEmail + "\n")
    }
    return .success
  }

  @MainActor
  static func logout(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let wasSignedIn = await dependencies.auth.currentUser() != nil
    if wasSignedIn {
      // The server ends the session only for a live access token, so an expired one is
      // renewed first; if that fails, the sign-out here still happens.
      do {
        _ = try await dependencies.auth.validAccessToken()
      } catch {
        dependencies.logger.notice(
          "sign-out without renewing the token: \(AppError.from(error).code)", category: .auth)
      }
    }
    try await dependencies.auth.signOut()
    context.console.output(
      (wasSignedIn ? L10n.Terminal.Commands.signedOut : L10n.Terminal.Commands.nobodySignedIn)
        + "\n")
    return .success
  }

  /// Confirms the account with the server (renewing the token first when due); when the
  /// server cannot be asked, shows the stored account and says it is unconfirmed.
  @MainActor
  static func whoami(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let confirmation = await dependencies.auth.confirmAccount()
    let snapshot = await dependencies.auth.snapshot()
    let user = confirmation.user
    var unconfirmedReason: AppError?
    if case .unconfirmed(_, let reason) = confirmation { unconfirmedReason = reason }
    if context.wantsJSON {
      try context.printJSON(
        WhoAmI(
          signedIn: user != nil, confirmed: user.map { _ in unconfirmedReason == nil },
          id: user?.id, email: user?.email, name: user?.name,
          accessTokenExpiresAt: user == nil ? nil : snapshot.accessTokenExpiresAt))
    } else if let user {
      var line = L10n.Terminal.Commands.whoamiLine(user.email ?? user.name ?? user.id, user.id)
      if let expiry = snapshot.accessTokenExpiresAt {
        line +=
          snapshot.isAccessTokenExpired
          ? L10n.Terminal.Commands.tokenExpired
          : L10n.Terminal.Commands.tokenValidUntil(Row.date(expiry))
      }
      context.console.output(line + ".\n")
    } else {
      context.console.error(L10n.Terminal.Commands.notSignedIn + "\n")
    }
    if let unconfirmedReason {
      let reason = context.scrubber.scrub(unconfirmedReason.localizedUserMessage)
      context.console.error(
        "kiln: \(L10n.Terminal.Commands.accountNotConfirmed(reason))\n")
    }
    return user == nil ? .failure : .success
  }

  @MainActor
  static func resetPassword(
    _ context: CommandContext, _ dependencies: AppDependencies
  )
    async throws -> ExitStatus
  {
    let email = try emailAddress(context)
    try await dependencies.auth.resetPassword(email: email)
    context.console.output(
      L10n.Terminal.Commands.resetLinkSent(email) + "\n")
    return .success
  }

  private static func credentials(_ context: CommandContext) throws -> (String, String) {
    let email = try emailAddress(context)
    let password: String?
    if context.command.has("--password-stdin") {
      password = context.console.readInputLine()
    } else if context.console.inputIsTerminal {
      password = SecretInput.readLine(
        prompt: L10n.Terminal.Commands.passwordPrompt + " ", console: context.console)
    } else {
      throw CommandError.usage(
        L10n.Terminal.Commands.noTerminalForPassword)
    }
    guard let password, !password.isEmpty else {
      throw CommandError.usage(L10n.Terminal.Commands.passwordEmpty)
    }
    return (email, password)
  }

  private static func emailAddress(_ context: CommandContext) throws -> String {
    if let email = context.command.value("--email") { return email }
    guard context.console.inputIsTerminal, !context.command.has("--password-stdin") else {
      throw CommandError.usage(L10n.Terminal.Commands.emailNeeded)
    }
    context.console.error(L10n.Terminal.Commands.emailPrompt + " ")
    guard let email = context.console.readInputLine()?.trimmingCharacters(in: .whitespaces),
      !email.isEmpty
    else {
      throw CommandError.usage(L10n.Terminal.Commands.emailEmpty)
    }
    return email
  }
}
