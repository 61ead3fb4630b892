import AppComposition
import Core
import Foundation
import Localization
import Sync

/// `kiln sync [--json] [--adopt | --keep-local]`: one round for the signed-in account, and
/// what it moved. Changes made while signed out or by another account are never pushed
/// unless `--adopt` says so; `--keep-local` keeps them on this device only; without either
/// the command says they wait and how to decide.
///
/// Exit status 0 when the round worked; 1 when nobody is signed in, the server refused or
/// cannot be reached, or the journal failed; 2 when sync is off or not configured, or both
/// flags are given.
enum SyncCommand {
  /// The JSON object `--json` prints.
  struct Output: Encodable, Equatable {
    var pushed: Int
    var applied: Int
    var merged: Int
    var stale: Int
    var pulled: Int
    var stored: Int
    var deleted: Int
    var skipped: Int
    var parked: Int
    var bytesSent: Int
    var bytesReceived: Int
    var pendingRows: Int
    var foreignRows: Int
    var adoptedRows: Int?
    var keptLocalRows: Int?

    enum CodingKeys: String, CodingKey {
      case pushed, applied, merged, stale, pulled, stored, deleted, skipped, parked
      case bytesSent = "bytes_sent"
      case bytesReceived = "bytes_received"
      case pendingRows = "pending_rows"
      case foreignRows = "foreign_rows"
      case adoptedRows = "adopted_rows"
      case keptLocalRows = "kept_local_rows"
    }
  }

  @MainActor
  static func run(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let adopt = context.command.has("--adopt")
    let keepLocal = context.command.has("--keep-local")
    if adopt && keepLocal { throw CommandError.usage(L10n.Sync.text(.flagsConflict)) }
    let sync = dependencies.sync
    if let reason = unavailable(sync.availability) { throw reason }
    let output: Output
    do {
      var adopted: Int?
      var kept: Int?
      if adopt { adopted = try await sync.adoptForeignChanges() }
      if keepLocal { kept = try await sync.keepForeignChangesLocal() }
      let report = try await sync.runRound()
      let status = try await sync.status()
      output = Output(
        report, pendingRows: status?.pendingRows ?? 0, foreignRows: status?.foreignRows ?? 0,
        adoptedRows: adopted, keptLocalRows: kept)
    } catch {
      throw CommandError.failure(words(error))
    }
    try show(output, context)
    return .success
  }

  /// Why sync cannot run, or `nil` when it can.
  static func unavailable(_ availability: SyncAvailability) -> CommandError? {
    guard let reason = reason(availability) else { return nil }
    switch availability {
    case .disabled, .notConfigured, .mockAccounts: return .usage(reason)
    case .noJournal, .signedOut, .on: return .failure(reason)
    }
  }

  /// Why sync does not run, in words, or `nil` when it does.
  static func reason(_ availability: SyncAvailability) -> String? {
    switch availability {
    case .disabled: L10n.Sync.text(.disabled)
    case .notConfigured: L10n.Sync.text(.notConfigured)
    case .mockAccounts: L10n.Sync.text(.mockAccounts)
    case .noJournal: L10n.Sync.text(.noJournal)
    case .signedOut: L10n.Sync.text(.signedOut)
    case .on: nil
    }
  }

  /// A failed round in words: the server's status, code and message when it sent them,
  /// never a token (the transport never puts one in an error).
  static func words(_ error: SyncError) -> String {
    switch error {
    case .notSignedIn, .tokenUnavailable: return L10n.Sync.text(.signedOut)
    case .unauthorized(let refusal): return L10n.Sync.text(.unauthorized, .text(detail(refusal)))
    case .refused(let refusal): return L10n.Sync.text(.refused, .text(detail(refusal)))
    case .transport(_, let message): return L10n.Sync.text(.unreachable, .text(message))
    default: return L10n.Sync.text(.failed, .text(error.description))
    }
  }

  /// `HTTP 400 22023: message (details)`.
  static func detail(_ refusal: PostgRESTError) -> String {
    var text = "HTTP \(refusal.status)"
    if let code = refusal.code { text += " \(code)" }
    if let message = refusal.message { text += ": \(message)" }
    if let details = refusal.details { text += " (\(details))" }
    return text
  }

  private static func show(_ output: Output, _ context: CommandContext) throws {
    if context.wantsJSON {
      try context.printJSON(output)
    } else {
      let line = L10n.Sync.text(
        .report, .integer(output.pushed), .integer(output.pulled), .integer(output.stored),
        .integer(output.deleted), .integer(output.skipped), .integer(output.parked),
        .integer(output.bytesSent), .integer(output.bytesReceived))
      context.console.output(line + "\n")
      if let adopted = output.adoptedRows {
        context.console.output(L10n.Sync.text(.adopted, .integer(adopted)) + "\n")
      }
      if let kept = output.keptLocalRows {
        context.console.output(L10n.Sync.text(.keptLocal, .integer(kept)) + "\n")
      }
    }
    if output.foreignRows > 0 {
      context.console.error(
        "kiln: " + L10n.Sync.text(.foreignWaiting, .integer(output.foreignRows)) + "\n")
    }
  }
}

extension SyncCommand.Output {
  init(
    _ report: SyncRoundReport, pendingRows: Int, foreignRows: Int, adoptedRows: Int?,
    keptLocalRows: Int?
  ) {
    self.init(
      pushed: report.pushed, applied: report.applied, merged: report.merged, stale: report.stale,
      pulled: report.pulled, stored: report.stored, deleted: report.deleted,
      skipped: report.skipped, parked: report.parked, bytesSent: report.bytesSent,
      bytesReceived: report.bytesReceived, pendingRows: pendingRows, foreignRows: foreignRows,
      adoptedRows: adoptedRows, keptLocalRows: keptLocalRows)
  }
}
