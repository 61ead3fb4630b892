import AppComposition
import Foundation
import Localization
import Storage
import TerminalUI

/// `kiln export`: every conversation (or one) as JSON, or one as Markdown.
enum ExportCommand {
  @MainActor
  static func run(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let format = context.command.value("--format")?.lowercased() ?? "json"
    guard format == "json" || format == "markdown" || format == "md" else {
      throw CommandError.usage(L10n.Terminal.Commands.formatIsJSONOrMarkdown(format))
    }
    var conversation: ConversationDTO?
    if let id = context.command.arguments.first {
      conversation = try await ConversationLookup.find(id, in: dependencies)
    }
    let text: String
    if format == "json" {
      let data = try await dependencies.archiver.exportJSON(
        conversationIDs: conversation.map { [$0.id] })
      text = (String(data: data, encoding: .utf8) ?? "") + "\n"
    } else {
      guard let conversation else {
        throw CommandError.usage(
          L10n.Terminal.Commands.markdownNeedsOne)
      }
      text = try await dependencies.archiver.exportMarkdown(
        conversationID: conversation.id, timeZone: .current, labels: .interfaceLanguage)
    }
    if let output = context.command.value("--output") {
      let url = UserPath.url(output, environment: context.environment.variables)
      do {
        try UserFileWriter(paths: dependencies.paths).write(Data(text.utf8), to: url)
      } catch {
        throw CommandError.failure("\(error).")
      }
      context.console.error(L10n.Terminal.Commands.exportedTo(url.path) + "\n")
    } else {
      // Exact in a pipe (`> file`), without escape sequences on a terminal.
      context.console.output(
        context.console.outputIsTerminal ? TerminalSanitizer.sanitized(text) : text)
    }
    return .success
  }
}

/// `kiln import FILE`: conversations exported by `kiln export`; existing ones are skipped.
enum ImportCommand {
  struct Output: Encodable {
    let imported: Int
    let skipped: Int
    let failed: Int
    /// Why each failed conversation was left out, by id.
    let failures: [Failure]
  }

  struct Failure: Encodable {
    let id: String
    let reason: String
  }

  @MainActor
  static func run(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let path = context.command.arguments[0]
    let data: Data
    do {
      data =
        path == "-"
        ? context.console.readAllInput()
        : try UserFileReader.read(UserPath.url(path, environment: context.environment.variables))
    } catch {
      throw CommandError.failure(L10n.Terminal.Commands.cannotRead(path, FileFailure.reason(error)))
    }
    guard !data.isEmpty else {
      throw CommandError.failure(
        L10n.Terminal.Commands.importEmpty(path))
    }
    let report: ChatArchiver.ImportReport
    do {
      report = try await dependencies.archiver.importJSON(data)
    } catch StorageError.invalidInput(let reason) {
      // The archive's own sentence ("This file is not a Kiln conversation archive."); any
      // other storage failure (a full disk, a busy database) is not the file's fault.
      throw CommandError.failure(L10n.Terminal.Commands.cannotImport(path, reason))
    } catch StorageError.newerSchema(let found, let supported) {
      throw CommandError.failure(
        L10n.Terminal.Commands.importNewer(path, found, supported))
    }
    let failures = report.failed.sorted { $0.key.uuidString < $1.key.uuidString }.map {
      Failure(
        id: $0.key.uuidString.lowercased(),
        reason: TerminalSanitizer.singleLine($0.value.localizedUserMessage, limit: 300))
    }
    let output = Output(
      imported: report.imported.count, skipped: report.skipped.count, failed: report.failed.count,
      failures: failures)
    if context.wantsJSON {
      try context.printJSON(output)
    } else {
      for failure in failures {
        context.console.error(
          "kiln: \(L10n.Terminal.Commands.notImported(String(failure.id.prefix(8)), failure.reason))\n"
        )
      }
      context.console.output(
        L10n.Terminal.Commands.importedSummary(Self.conversations(output.imported), output.skipped)
          + (output.failed > 0 ? L10n.Terminal.Commands.importedFailed(output.failed) : "") + ".\n")
    }
    return report.failed.isEmpty ? .success : .failure
  }

  private static func conversations(_ count: Int) -> String {
    count == 1
      ? L10n.Terminal.Commands.oneConversation : L10n.Terminal.Commands.conversationCount(count)
  }
}
