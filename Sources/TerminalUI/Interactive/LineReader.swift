/// How reading a line ended.
public enum LineReadResult: Hashable, Sendable {
  /// The user pressed Enter.
  case line(String)
  /// The user pressed Ctrl-C; `discarded` is the abandoned text, empty when the line was
  /// empty (the app's cue to say "press Ctrl-C again to quit" or to quit).
  case interrupted(discarded: String)
  /// Ctrl-D on an empty line, or the input ended.
  case endOfFile
  /// Ctrl-Z: the app should call `Terminal.suspend()` and read again.
  case suspend
}

/// Reads lines from terminal events with the line editor, drawing the prompt as it goes.
///
/// Owns the event stream, so the app also asks it for events while a reply streams
/// (`nextEvent()`) to notice Ctrl-C. Use it from one task at a time.
public actor LineReader {
  private let output: any TerminalOutput
  private let depth: TerminalCapabilities.ColorDepth
  private var iterator: AsyncStream<TerminalEvent>.Iterator
  private var editor: LineEditor
  private var renderer: PromptRenderer

  /// A reader over `events` writing to `output`, `width` columns wide.
  public init(
    events: AsyncStream<TerminalEvent>, output: any TerminalOutput,
    capabilities: TerminalCapabilities, width: Int, editor: LineEditor = LineEditor()
  ) {
    self.output = output
    depth = capabilities.colorDepth
    iterator = events.makeAsyncIterator()
    self.editor = editor
    renderer = PromptRenderer(width: width)
  }

  /// The submitted lines so far, oldest first (for saving between runs).
  public var history: [String] { editor.history.entries }

  /// The terminal width the reader draws for.
  public var width: Int { renderer.width }

  /// Shows `prompt` and edits a line until Enter, Ctrl-C, Ctrl-D on an empty line, Ctrl-Z
  /// or the end of input. Resizes redraw the line at the new width.
  public func readLine(prompt: StyledText) async -> LineReadResult {
    renderer.reset()
    draw(prompt)
    while let event = await nextEvent() {
      switch event {
      case .resize:
        draw(prompt)
      case .key(let key):
        if let result = handle(key, prompt: prompt) { return result }
      }
    }
    output.write(renderer.commit())
    return .endOfFile
  }

  /// The next event from the terminal, for use between lines (a streaming reply watching
  /// for Ctrl-C). Resizes also update the width used by the next `readLine`.
  public func nextEvent() async -> TerminalEvent? {
    var current = iterator
    let event = await current.next(isolation: self)
    iterator = current
    if case .resize(let size) = event {
      renderer.resize(width: size.columns)
    }
    return event
  }

  private func handle(_ key: KeyEvent, prompt: StyledText) -> LineReadResult? {
    switch editor.handle(key) {
    case .edited:
      draw(prompt)
    case .unchanged:
      break
    case .submitted(let line):
      output.write(renderer.commit())
      return .line(line)
    case .interrupted(let discarded):
      output.write(renderer.commit())
      return .interrupted(discarded: discarded)
    case .endOfFile:
      output.write(renderer.commit())
      return .endOfFile
    case .suspend:
      output.write(renderer.commit())
      return .suspend
    case .clearScreen:
      output.write(ANSI.clearScreen)
      renderer.reset()
      draw(prompt)
    case .completions(let candidates):
      output.write(renderer.commit() + candidates.joined(separator: "  ") + "\n")
      draw(prompt)
    }
    return nil
  }

  private func draw(_ prompt: StyledText) {
    output.write(renderer.render(prompt: prompt, buffer: editor.buffer, depth: depth))
  }
}
