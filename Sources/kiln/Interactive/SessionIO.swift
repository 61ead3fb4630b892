import TerminalUI

/// What the user did at the prompt.
enum SessionInput: Equatable, Sendable {
  /// A line was submitted.
  case line(String)
  /// Ctrl-C; `discarded` is the abandoned text (empty on an empty line).
  case interrupted(discarded: String)
  /// Ctrl-D on an empty line, or the input ended.
  case endOfFile
}

/// Where the chat reads and writes: a terminal in raw mode (`TerminalSessionIO`) or plain
/// standard input and output (`PipeSessionIO`). The session decides what to say; the I/O
/// decides how keys and bytes move.
@MainActor
protocol SessionIO: AnyObject {
  /// What the output can show.
  var capabilities: TerminalCapabilities { get }
  /// The columns to wrap and cut to, re-read after every resize; `nil` for a pipe.
  var width: Int? { get }
  /// The terminal's rows, `nil` for a pipe.
  var rows: Int? { get }
  /// Whether this is the terminal chat (spinner, live Markdown, status line).
  var isTerminal: Bool { get }
  /// Whether the reader of the output went away (`kiln < in.txt | head -5`): the session
  /// then ends as a finished one, whatever the reply it stopped.
  var readerLeft: Bool { get }

  /// Writes to the output as it is.
  func write(_ text: String)
  /// Writes a problem: the terminal itself, or standard error for a pipe.
  func writeError(_ text: String)
  /// Reads one line after showing `prompt`; `prefill` starts the line with text to edit.
  func readInput(prompt: StyledText, prefill: String?) async -> SessionInput
  /// Asks one question and returns the answer, `nil` when the user cancelled or the input
  /// ended. A `secret` answer is not echoed and never enters the history.
  func ask(_ question: String, secret: Bool) async -> String?
  /// Routes Ctrl-C, Esc and resizes to the reply on screen until `endReply()`.
  func beginReply(_ control: ReplyControl)
  /// Ends the routing started by `beginReply(_:)`.
  func endReply()
  /// The lines submitted so far, oldest first (for the history file).
  func submittedLines() async -> [String]
  /// Restores the terminal; safe to call more than once.
  func close()
}

extension SessionIO {
  /// A terminal is never left by its reader while the session runs.
  var readerLeft: Bool { false }
}

/// What the keys pressed while a reply streams do to it.
@MainActor
final class ReplyControl {
  /// Ctrl-C (or SIGINT): stop the reply, keeping its text.
  let stop: @MainActor () -> Void
  /// Esc: stop showing the reply and let it finish in the background.
  let detach: @MainActor () -> Void
  /// The terminal changed size.
  let resize: @MainActor (TerminalSize) -> Void

  init(
    stop: @escaping @MainActor () -> Void, detach: @escaping @MainActor () -> Void,
    resize: @escaping @MainActor (TerminalSize) -> Void
  ) {
    self.stop = stop
    self.detach = detach
    self.resize = resize
  }
}
