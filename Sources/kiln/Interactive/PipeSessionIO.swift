import Foundation
import TerminalUI

/// The chat over plain standard input and output (line mode): each input line is a
/// message or a slash command, replies go to standard output as the exact text, problems
/// to standard error, and nothing ever writes an escape code.
@MainActor
final class PipeSessionIO: SessionIO {
  let capabilities: TerminalCapabilities
  private let console: Console
  private var lines: [String] = []

  init(console: Console, capabilities: TerminalCapabilities) {
    self.console = console
    // Line mode is for scripts: plain text even when standard output is a terminal.
    self.capabilities = TerminalCapabilities(
      isInteractive: false, colorDepth: .none, supportsUnicode: capabilities.supportsUnicode)
  }

  var width: Int? { nil }
  var rows: Int? { nil }
  var isTerminal: Bool { false }

  func write(_ text: String) {
    console.output(text)
  }

  func writeError(_ text: String) {
    console.error(text)
  }

  func readInput(prompt: StyledText, prefill: String?) async -> SessionInput {
    guard let line = await readLine() else { return .endOfFile }
    lines.append(line)
    return .line(line)
  }

  func ask(_ question: String, secret: Bool) async -> String? {
    console.error(question + "\n")
    return await readLine()
  }

  func beginReply(_ control: ReplyControl) {}

  func endReply() {}

  func submittedLines() async -> [String] { lines }

  func close() {}

  /// Reads one line on a thread of its own, so a blocking read never holds the main actor
  /// or a thread of the shared pool.
  private func readLine() async -> String? {
    let console = console
    return await withCheckedContinuation { continuation in
      let thread = Thread {
        continuation.resume(returning: console.readInputLine())
      }
      thread.name = "kiln.line-mode.input"
      thread.start()
    }
  }
}
