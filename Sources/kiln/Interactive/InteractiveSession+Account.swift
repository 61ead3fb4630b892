import Core
import FeatureRating
import Payments
import TerminalUI

extension InteractiveSession {
  func chooseTheme(_ name: String?) async {
    let manager = dependencies.themeManager
    let subscribed = await dependencies.payments.currentState().isSubscribed
    guard let name else {
      for (index, item) in Theme.allCases.enumerated() {
        var line = StyledText(item.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))
        line.append(SessionTheme.displayName(item), style: .plain.adding(.bold))
        if item.isPremium {
          line.append("  Kiln Pro", style: subscribed ? theme.dim : theme.warning)
        }
        if item == manager.selected { line.append("  (in use)", style: theme.accent) }
        say(numbered(index + 1, line), cut: true)
      }
      hint("/theme NAME switches.")
      return
    }
    let wanted = name.lowercased()
    let chosen =
      Theme(rawValue: wanted)
      ?? Int(wanted).flatMap {
        Theme.allCases.indices.contains($0 - 1) ? Theme.allCases[$0 - 1] : nil
      }
    guard let chosen else {
      let names = Theme.allCases.map(\.rawValue)
      let suggestion = wanted.closestMatch(in: names, maximumDistance: 2).map {
        " Did you mean \($0)?"
      }
      problem(
        "There is no theme '\(name)'.\(suggestion ?? "") Themes: \(names.joined(separator: ", ")).")
      return
    }
    guard !chosen.isPremium || subscribed else {
      problem("\(SessionTheme.displayName(chosen)) is a Kiln Pro theme.")
      hint("/upgrade shows the plans; system, light and dark are free.")
      return
    }
    manager.selected = chosen
    theme = SessionTheme.terminalTheme(for: chosen, environment: environment)
    say("Theme: \(SessionTheme.displayName(chosen)).", theme.accent.adding(.bold))
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

  func login(email: String?) async {
    if let user = await dependencies.auth.currentUser() {
      hint("Already signed in as \(user.email ?? user.id); /logout first to switch.")
      return
    }
    let typed = email == nil ? await io.ask("E-mail: ", secret: false) : email
    guard let address = typed?.trimmingCharacters(in: .whitespaces), !address.isEmpty else {
      hint("Sign-in cancelled.")
      return
    }
    guard let password = await io.ask("Password: ", secret: true), !password.isEmpty else {
      hint("Sign-in cancelled.")
      return
    }
    do {
      let user = try await dependencies.auth.signInWithEmail(email: address, password: password)
      await dependencies.configurePayments()
      await dependencies.freeTier.refresh()
      done("Signed in as \(user.email ?? address).")
    } catch {
      problem(AppError.from(error), doing: "sign in")
    }
  }

  func logout() async {
    guard let user = await dependencies.auth.currentUser() else {
      hint("Not signed in.")
      return
    }
    do {
      try await dependencies.auth.signOut()
      await dependencies.configurePayments()
      await dependencies.freeTier.refresh()
      done("Signed out \(user.email ?? user.id).")
    } catch {
      problem(AppError.from(error), doing: "sign out")
    }
  }

  func upgrade(_ number: Int?) async {
    let payments = dependencies.payments
    if await payments.currentState().isSubscribed {
      done("You have Kiln Pro: unlimited messages and every theme.")
      return
    }
    let offerings: [PaymentsOffering]
    do {
      offerings = try await payments.getOfferings()
    } catch {
      problem(AppError.from(error), doing: "load the plans")
      return
    }
    guard !offerings.isEmpty else {
      problem("No plans are offered right now.")
      return
    }
    guard let number else {
      say("Kiln Pro: unlimited messages and the Aurora and Obsidian themes.", theme.heading)
      for (index, offering) in offerings.enumerated() {
        var line = StyledText(offering.title, style: .plain.adding(.bold))
        line.append("  \(offering.priceText)\(Self.per(offering.period))")
        if let offer = offering.introductoryOffer, offer.isFreeTrial {
          line.append("  free trial", style: theme.success)
        }
        if let summary = offering.summary { line.append("  \(summary)", style: theme.dim) }
        say(numbered(index + 1, line), cut: true)
      }
      hint("/upgrade N buys plan N. Renews automatically until cancelled; /restore restores.")
      return
    }
    guard offerings.indices.contains(number - 1) else {
      problem("There is no plan \(number) (1–\(offerings.count)).")
      return
    }
    do {
      try await payments.purchase(productID: offerings[number - 1].id)
    } catch PaymentsError.purchaseCancelled {
      hint("Purchase cancelled.")
      return
    } catch {
      problem(AppError.from(error), doing: "buy the plan")
      return
    }
    await dependencies.freeTier.refresh()
    await dependencies.rating.record(.purchaseCompleted)
    done("Welcome to Kiln Pro! Unlimited messages and every theme are yours.")
  }

  func restorePurchases() async {
    do {
      let state = try await dependencies.payments.restore()
      await dependencies.freeTier.refresh()
      if state.isSubscribed {
        done("Restored: you have Kiln Pro.")
      } else {
        hint("Nothing to restore: no active Kiln Pro purchase was found for this account.")
      }
    } catch {
      problem(AppError.from(error), doing: "restore purchases")
    }
  }

  func settings(name: String?, value: String?) async {
    say("Theme: \(SessionTheme.displayName(dependencies.themeManager.selected)) (/theme)")
    say("Persona for new conversations: \(persona.displayName) (/persona)")
    say("Model: \(modelName ?? "provider default") (/model)")
    say("AI: \(Welcome.provider(dependencies.ai, model: modelName))")
    await showPlan()
  }

  /// " / month" for a subscription period, "" for a one-time purchase.
  static func per(_ period: SubscriptionPeriod?) -> String {
    guard let period, let unit = period.unit, let value = period.value else { return "" }
    let name = unit.rawValue
    return value == 1 ? " / \(name)" : " / \(value) \(name)s"
  }
}
