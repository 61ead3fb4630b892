/// Renders a Markdown reply while it streams, without redrawing what is already final.
///
/// Feed each piece of text as it arrives with `append(_:)` and write what it returns; call
/// `finish()` when the reply ends and write that too. Blocks that no later text can change
/// (a closed paragraph, a list item followed by the next one, each complete line of a code
/// block) are written once. In `.live` mode the unfinished last block is drawn below them
/// and redrawn in place as it grows; a long block is redrawn every so often rather than on
/// every token (see `redrawDivisor` and `drawPending()`), so the work stays linear in the
/// length of the reply. In `.appendOnly` mode (pipes, `NO_COLOR` terminals that cannot move the
/// cursor) only final blocks are written. Either way, the text on screen at the end is
/// exactly `MarkdownRenderer.render` of the whole reply.
public struct StreamingMarkdownRenderer: Sendable {
  /// How the unfinished tail is shown.
  public enum Mode: Hashable, Sendable {
    /// Draw the unfinished block and redraw it in place (needs an interactive terminal).
    /// The tail is cut to `maximumRows` rows so it can always be erased; pass the
    /// terminal's height minus the rows you keep below it.
    case live(maximumRows: Int?)
    /// Write final blocks only.
    case appendOnly
  }

  /// The renderer that draws each block.
  public private(set) var renderer: MarkdownRenderer
  /// The mode chosen at creation.
  public let mode: Mode
  private var parser = MarkdownBlockParser()
  private var partialLine = ""
  private var region: LiveRegion
  private var isFinished = false
  /// Bytes appended since a block was last made final: roughly the unfinished tail's size.
  private var unfinishedBytes = 0
  /// Bytes appended since the tail was last drawn.
  private var bytesSinceDraw = 0

  /// The tail is redrawn once the text added since the last draw reaches this fraction of
  /// its size. Each redraw costs the tail's size, so a long paragraph costs a constant
  /// amount per character instead of its whole length per token: linear, not quadratic.
  /// The final rendering is unaffected; only how often an unfinished block is redrawn.
  static let redrawDivisor = 32

  /// A streaming renderer. `terminalWidth` counts the rows of redrawn lines; it defaults to
  /// the renderer's wrapping width.
  public init(renderer: MarkdownRenderer, mode: Mode, terminalWidth: Int? = nil) {
    self.renderer = renderer
    self.mode = mode
    region = LiveRegion(terminalWidth: terminalWidth ?? renderer.width)
  }

  /// The mode that suits the output: live on interactive terminals, append-only otherwise.
  public static func mode(
    for capabilities: TerminalCapabilities, terminalRows: Int?
  ) -> Mode {
    guard capabilities.isInteractive else { return .appendOnly }
    return .live(maximumRows: terminalRows.map { max(1, $0 - 2) })
  }

  /// Adds text from the stream; returns what to write to the output.
  public mutating func append(_ text: String) -> String {
    guard !isFinished, !text.isEmpty else { return "" }
    var permanent: [String] = []
    if text.utf8.contains(0x0A) {
      let split = MarkdownSource.split(partialLine + text)
      partialLine = split.remainder
      for line in split.lines {
        for block in parser.feed(TerminalSanitizer.sanitized(line)) {
          permanent += rendered(block)
        }
      }
    } else {
      partialLine += text
    }
    let added = text.utf8.count
    unfinishedBytes = permanent.isEmpty ? unfinishedBytes + added : partialLine.utf8.count
    bytesSinceDraw += added
    switch mode {
    case .appendOnly:
      return permanent.map { $0 + "\n" }.joined()
    case .live(let maximumRows):
      if permanent.isEmpty, bytesSinceDraw * Self.redrawDivisor < unfinishedBytes { return "" }
      bytesSinceDraw = 0
      return region.update(permanent: permanent, live: tail(maximumRows: maximumRows))
    }
  }

  /// Draws text that arrived since the tail was last drawn (appends redraw a long
  /// unfinished block only every so often). Call it on a timer while a reply streams, so
  /// nothing waits on screen when the stream pauses. Nothing in append-only mode.
  public mutating func drawPending() -> String {
    guard !isFinished, bytesSinceDraw > 0, case .live(let maximumRows) = mode else { return "" }
    bytesSinceDraw = 0
    return region.update(permanent: [], live: tail(maximumRows: maximumRows))
  }

  /// Ends the reply: returns what to write so the output holds the whole rendering.
  public mutating func finish() -> String {
    guard !isFinished else { return "" }
    isFinished = true
    var blocks: [MarkdownBlock] = []
    if !partialLine.isEmpty {
      blocks += parser.feed(TerminalSanitizer.sanitized(partialLine))
      partialLine = ""
    }
    blocks += parser.finished()
    let permanent = blocks.flatMap(rendered)
    switch mode {
    case .appendOnly:
      return permanent.map { $0 + "\n" }.joined()
    case .live:
      return region.update(permanent: permanent, live: [])
    }
  }

  /// Changes the wrapping and row-counting width for text drawn from now on, after the
  /// terminal was resized. Lines already final stay as they were drawn.
  public mutating func resize(width: Int?) {
    renderer.width = width
    region.terminalWidth = width
  }

  /// The rows the redrawable tail occupies right now.
  public var liveRows: Int { region.shownRows }

  private func tail(maximumRows: Int?) -> [String] {
    var copy = parser
    var blocks: [MarkdownBlock] = []
    if !partialLine.isEmpty { blocks += copy.feed(TerminalSanitizer.sanitized(partialLine)) }
    blocks += copy.finished()
    var lines = blocks.flatMap(rendered)
    if let maximumRows {
      var rows = 0
      var kept = 0
      for line in lines {
        rows += region.rows(of: line)
        if rows > maximumRows { break }
        kept += 1
      }
      lines = Array(lines.prefix(kept))
    }
    return lines
  }

  private func rendered(_ block: MarkdownBlock) -> [String] {
    renderer.lines(for: block).map { $0.rendered(for: renderer.capabilities) }
  }
}
