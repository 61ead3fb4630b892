import AI
import Core
import Foundation
import Localization
import TerminalUI

/// Where every command handler writes: the session's output in the theme in use, with
/// secrets scrubbed from what the app reports.
///
/// One console serves the whole session, so a theme picked by one handler colours what
/// every other handler writes next.
@MainActor
final class SessionConsole {
  /// The terminal (or pipes) the session reads and writes.
  let io: any SessionIO
  /// Removes secrets, the configured ones included, from what the session shows.
  let scrubber: SecretScrubber
  /// The process environment (for `COLORFGBG`).
  let environment: [String: String]
  /// The colours of the selected theme.
  var theme: TerminalTheme

  init(
    io: any SessionIO, scrubber: SecretScrubber, environment: [String: String],
    selectedTheme: Theme
  ) {
    self.io = io
    self.scrubber = scrubber
    self.environment = environment
    theme = SessionTheme.terminalTheme(for: selectedTheme, environment: environment)
  }

  /// Takes the colours of `selected`.
  func repaint(_ selected: Theme) {
    theme = SessionTheme.terminalTheme(for: selected, environment: environment)
  }

  /// Writes one line of styled text, cut to the terminal's width when `cut` is set.
  func say(_ text: StyledText, cut: Bool = false) {
    var line = text
    if cut, let width = io.width {
      line = line.truncated(toWidth: max(1, width - 1), ellipsis: glyphs.ellipsis)
    }
    io.write(line.rendered(for: io.capabilities) + "\n")
  }

  /// Writes one line in a style.
  func say(_ text: String, _ style: TextStyle = .plain) {
    say(StyledText(text, style: style))
  }

  /// A secondary line: hints, confirmations.
  func hint(_ text: String) {
    say(text, theme.dim)
  }

  /// Something went right.
  func done(_ text: String) {
    say(text, theme.success)
  }

  /// Something the user must fix or know went wrong; standard error in line mode.
  func problem(_ text: String) {
    let line = StyledText(text, style: theme.error).rendered(for: io.capabilities) + "\n"
    io.writeError(line)
  }

  /// An error from the app, in the user's language, never with secrets.
  func problem(_ error: AppError, doing action: String? = nil) {
    guard error != .cancelled else { return }
    let message = scrubber.scrub(error.localizedUserMessage)
    problem(
      (action.map { L10n.Session.Welcome.couldNot($0, message) } ?? message) + " [\(error.code)]")
  }

  /// A reply that failed, as `kiln ask` reports it: the provider's own message and code when
  /// it sent them (a refused key is not "Invalid email or password"), Kiln's otherwise.
  func problem(_ error: AppError, reply: ChatCompletionReply) {
    guard error != .cancelled else { return }
    let failure = AskJSON.failure(error, outcome: reply.outcome, scrubber: scrubber)
    problem("\(failure.message) [\(failure.code)]")
  }

  /// Markdown rendered for the output, wrapped to the terminal.
  func render(markdown: String) -> String {
    let renderer = MarkdownRenderer(
      theme: theme, capabilities: io.capabilities, width: io.width)
    return renderer.render(markdown)
  }

  /// The glyphs the output can show.
  var glyphs: TerminalGlyphs { .forCapabilities(io.capabilities) }

  /// A row of a numbered list: the number right-aligned in the accent colour.
  func numbered(_ number: Int, _ rest: StyledText) -> StyledText {
    let label = String(number)
    let padded = String(repeating: " ", count: max(0, 3 - label.count)) + label
    return StyledText(padded + "  ", style: theme.accent) + rest
  }
}
