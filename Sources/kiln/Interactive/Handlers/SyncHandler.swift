import AppComposition
import Foundation
import Localization
import Sync

/// `/sync`: whether sync is on (or why not), the last success, the changes waiting, the
/// last error and the next round; and, when changes made while signed out or by another
/// account wait, the question of what to do with them.
@MainActor
final class SyncHandler: SlashCommandHandler {
  private let console: SessionConsole
  private let sync: SyncCoordinator

  /// The sync command over the app's coordinator.
  init(console: SessionConsole, sync: SyncCoordinator) {
    self.console = console
    self.sync = sync
  }

  func run(_ command: SlashCommand) async -> Bool {
    guard case .sync = command else { return false }
    await show()
    return true
  }

  private func show() async {
    guard case .on(let account) = sync.availability else {
      let reason = SyncCommand.reason(sync.availability) ?? ""
      console.say(L10n.Sync.text(.statusOff, .text(reason)))
      return
    }
    let status: SyncStatus?
    do {
      status = try await sync.status()
    } catch {
      console.problem(SyncCommand.words(error))
      return
    }
    guard let status else { return }
    console.say(L10n.Sync.text(.statusOn, .text(account.uuidString.lowercased())))
    let success = status.lastSuccess.map(Row.date) ?? L10n.Sync.text(.never)
    console.hint(L10n.Sync.text(.lastSuccess, .text(success)))
    console.hint(L10n.Sync.text(.pending, .integer(status.pendingRows)))
    console.hint(L10n.Sync.text(.foreign, .integer(status.foreignRows)))
    if let failure = status.lastFailure {
      console.hint(L10n.Sync.text(.lastError, .text(SyncCommand.words(failure.error))))
    }
    let next: String
    if status.isRunning {
      next = L10n.Sync.text(.roundRunning)
    } else {
      next = await sync.nextRoundDate().map(Row.date) ?? L10n.Sync.text(.noneScheduled)
    }
    console.hint(L10n.Sync.text(.nextRound, .text(next)))
    if status.foreignRows > 0 { await decide(status.foreignRows) }
  }

  /// At the chat's start on a terminal: when changes made while signed out or by another
  /// account wait, asks what to do with them (an answer of "later" leaves them waiting).
  func askAboutWaitingForeignChanges() async {
    guard case .on = sync.availability,
      let status = try? await sync.status(), status.foreignRows > 0
    else { return }
    await decide(status.foreignRows)
  }

  /// Asks whether to adopt the foreign changes, keep them here, or decide later.
  private func decide(_ count: Int) async {
    let answer = await console.io.ask(
      L10n.Sync.text(.foreignPrompt, .integer(count)) + " ", secret: false)
    let word = answer?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    do {
      switch word {
      case "a", "adopt", "adoptar":
        let adopted = try await sync.adoptForeignChanges()
        console.done(L10n.Sync.text(.adopted, .integer(adopted)))
        sync.localChangeHappened()
      case "k", "keep", "d", "dejar":
        let kept = try await sync.keepForeignChangesLocal()
        console.done(L10n.Sync.text(.keptLocal, .integer(kept)))
      default:
        console.hint(L10n.Sync.text(.decideLater))
      }
    } catch {
      console.problem(SyncCommand.words(error))
    }
  }
}
