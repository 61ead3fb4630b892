import TerminalUI

/// Draws one reply as it streams: on a terminal a spinner until the first text, then live
/// Markdown in the theme's colours; in line mode the exact text as it arrives.
@MainActor
final class ReplyView {
  private let io: any SessionIO
  private var presenter: ReplyPresenter?
  /// Line mode's exact text and its closing line break.
  private var plain = StreamingText(markdown: nil)
  private var wroteText = false

  init(io: any SessionIO, theme: TerminalTheme, spinnerLabel: String) {
    self.io = io
    guard io.isTerminal else { return }
    let capabilities = io.capabilities
    let renderer = MarkdownRenderer(theme: theme, capabilities: capabilities, width: io.width)
    presenter = ReplyPresenter(
      renderer: StreamingMarkdownRenderer(
        renderer: renderer,
        mode: StreamingMarkdownRenderer.mode(for: capabilities, terminalRows: io.rows)),
      spinner: Spinner(label: spinnerLabel, capabilities: capabilities, theme: theme),
      capabilities: capabilities)
  }

  /// Whether any reply text has been drawn.
  var hasText: Bool { wroteText }

  /// Shows the spinner.
  func start() {
    if let text = presenter?.start() { io.write(text) }
  }

  /// Advances the spinner (and draws text that waited for a redraw).
  func tick(_ tick: Int) {
    if let text = presenter?.tick(tick) { io.write(text) }
  }

  /// Adds streamed text.
  func append(_ text: String) {
    guard !text.isEmpty else { return }
    wroteText = true
    io.write(presenter?.append(text) ?? plain.append(text))
  }

  /// Adopts the terminal's new width for the rest of the reply.
  func resize(width: Int) {
    presenter?.resize(width: width)
  }

  /// Ends the reply: the final rendering, the cursor back, a line break in line mode.
  func finish() {
    let closing = presenter?.finish() ?? plain.finish()
    if !closing.isEmpty { io.write(closing) }
  }
}
