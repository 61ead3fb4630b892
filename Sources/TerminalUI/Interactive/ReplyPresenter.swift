/// Shows one assistant reply: a spinner until the first text, then the Markdown as it
/// streams, then the final rendering.
///
/// A value that returns what to write, so the app decides where output goes and tests see
/// exactly what the user would. Typical use:
///
///     var presenter = ReplyPresenter(renderer: streaming, spinner: spinner, capabilities: caps)
///     terminal.write(presenter.start())
///     // on each tick of Spinner.ticks(clock:): terminal.write(presenter.tick(tick))
///     // on each delta:        terminal.write(presenter.append(delta))
///     terminal.write(presenter.finish())
public struct ReplyPresenter: Sendable {
  private var renderer: StreamingMarkdownRenderer
  private let spinner: Spinner?
  private let capabilities: TerminalCapabilities
  /// Whether any text has arrived (the spinner is gone).
  public private(set) var hasReceivedText = false
  private var isStarted = false
  private var isFinished = false

  /// A presenter; the spinner shows only on interactive output.
  public init(
    renderer: StreamingMarkdownRenderer, spinner: Spinner?, capabilities: TerminalCapabilities
  ) {
    self.renderer = renderer
    self.spinner = capabilities.isInteractive ? spinner : nil
    self.capabilities = capabilities
  }

  /// Hides the cursor and draws the spinner's first frame (interactive output only).
  public mutating func start() -> String {
    guard !isStarted else { return "" }
    isStarted = true
    guard capabilities.isInteractive else { return "" }
    return ANSI.hideCursor + (spinner?.draw(tick: 0, depth: capabilities.colorDepth) ?? "")
  }

  /// Call on every spinner tick for the whole reply: the spinner at `tick` while no text
  /// has arrived, afterwards any text not drawn yet (`StreamingMarkdownRenderer.drawPending`).
  public mutating func tick(_ tick: Int) -> String {
    guard isStarted, !isFinished else { return "" }
    if hasReceivedText { return renderer.drawPending() }
    guard let spinner else { return "" }
    return spinner.draw(tick: tick, depth: capabilities.colorDepth)
  }

  /// Adds streamed text: erases the spinner on the first text, then renders.
  public mutating func append(_ text: String) -> String {
    guard !isFinished, !text.isEmpty else { return "" }
    var output = ""
    if !hasReceivedText {
      hasReceivedText = true
      if isStarted, spinner != nil { output += Spinner.erase }
    }
    return output + renderer.append(text)
  }

  /// Adopts a new terminal width for the rest of the reply (after a resize event).
  public mutating func resize(width: Int) {
    renderer.resize(width: width)
  }

  /// Ends the reply: erases a spinner still showing, writes the final rendering and shows
  /// the cursor again.
  public mutating func finish() -> String {
    guard !isFinished else { return "" }
    isFinished = true
    var output = ""
    if isStarted, !hasReceivedText, spinner != nil { output += Spinner.erase }
    output += renderer.finish()
    if isStarted, capabilities.isInteractive { output += ANSI.showCursor }
    return output
  }
}
