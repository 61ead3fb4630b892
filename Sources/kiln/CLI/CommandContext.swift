import AppComposition
import Core
import Foundation
import Localization
import TerminalUI

/// What every command gets: its parsed arguments, the console, and how to print.
struct CommandContext: Sendable {
  let command: ParsedCommand
  let console: Console
  let environment: AppEnvironment
  let noColor: Bool
  /// Removes secrets from messages; knows the configured values once they are read.
  var scrubber = SecretScrubber.shapesOnly

  /// Whether to print JSON.
  var wantsJSON: Bool { command.has("--json") }

  /// How styled standard output may be.
  var outputCapabilities: TerminalCapabilities {
    var variables = environment.variables
    if noColor { variables["NO_COLOR"] = "1" }
    return TerminalCapabilities.detect(
      environment: variables, outputIsTerminal: console.outputIsTerminal)
  }

  /// Sinks for `KILN_LOG_LEVEL`: log records go to standard error, never standard output.
  func diagnosticSinks(_ configuration: Configuration) -> [any LogSink] {
    configuration.isSet(.logLevel) ? [StandardErrorLogSink()] : []
  }

  /// Prints an error the user can act on, without secrets.
  func report(_ error: AppError) {
    guard error != .cancelled else { return }
    let message = TerminalSanitizer.sanitized(scrubber.scrub(error.localizedUserMessage))
    console.error("kiln: \(message) [\(error.code)]\n")
  }

  /// Prints a command's own failure; the titles, paths or queries in it are outside text.
  func report(_ error: CommandError) {
    console.error("kiln: \(TerminalSanitizer.sanitized(scrubber.scrub(error.message)))\n")
  }

  /// Prints every configuration problem with its fix.
  func report(configuration error: ConfigurationError) {
    console.error("kiln: \(L10n.Terminal.CommandLine.configurationUnusable)\n")
    for issue in error.issues {
      console.error("  - \(TerminalSanitizer.sanitized(scrubber.scrub(issue.description)))\n")
    }
  }

  /// Writes a JSON value followed by a newline.
  func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(value)
    console.output((String(data: data, encoding: .utf8) ?? "{}") + "\n")
  }
}

/// A failure a command explains itself, with the exit status it deserves.
struct CommandError: Error, Sendable {
  let message: String
  let status: ExitStatus

  /// A mistake in how the command was called (exit status 2).
  static func usage(_ message: String) -> CommandError {
    CommandError(message: message, status: .usage)
  }

  /// A failure while running (exit status 1).
  static func failure(_ message: String) -> CommandError {
    CommandError(message: message, status: .failure)
  }
}
