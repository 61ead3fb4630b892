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
  /// The reply being printed, to stop when nobody reads standard output any more.
  private var reply: ReplyControl?
  /// Standard output was closed by its reader: the session ends at the next prompt.
  private(set) var readerLeft = false

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
    guard !readerLeft, !console.output(text) else { return }
    // `kiln < questions.txt | head -5`: stop the reply and read no further input, instead of
    // asking the provider every remaining question for nobody.
    readerLeft = true
    reply?.stop()
  }

  func writeError(_ text: String) {
    console.error(text)
  }

  func readInput(prompt: StyledText, prefill: String?) async -> SessionInput {
    guard !readerLeft, let line = await readLine() else { return .endOfFile }
    lines.append(line)
    return .line(line)
  }

  func ask(_ question: String, secret: Bool) async -> String? {
    console.error(question + "\n")
    return await readLine()
  }

  func beginReply(_ control: ReplyControl) {
    reply = control
    if readerLeft { control.stop() }
  }

  func endReply() {
    reply = nil
  }

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
