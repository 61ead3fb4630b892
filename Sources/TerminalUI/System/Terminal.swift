import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's terminal: output, size, raw mode and input events.
///
/// The thin layer over the system. Everything it does is decided elsewhere by pure types
/// (`KeyDecoder`, `LineEditor`, `PromptRenderer`, the renderers); this class only moves
/// bytes and flips modes. Nothing here reads the environment: the caller passes the
/// capabilities it decided with `TerminalCapabilities.detect`.
public final class Terminal: TerminalOutput {
  /// The descriptor keys are read from.
  public let input: Int32
  /// The descriptor output goes to.
  public let output: Int32
  /// What the output can show.
  public let capabilities: TerminalCapabilities

  /// A terminal over the given descriptors (standard input and output by default).
  public init(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
    capabilities: TerminalCapabilities
  ) {
    self.input = input
    self.output = output
    self.capabilities = capabilities
  }

  /// Whether a descriptor is a terminal (`isatty`), for `TerminalCapabilities.detect`.
  public static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// Writes text as it is.
  @discardableResult
  public func write(_ text: String) -> Bool {
    guard !text.isEmpty else { return true }
    return FileDescriptorOutput.writeAll(text, to: output)
  }

  /// The window size of the output, or of the input when the output is not a terminal;
  /// `nil` when neither is.
  public var size: TerminalSize? {
    Self.size(of: output) ?? Self.size(of: input)
  }

  /// The window size of one descriptor (`TIOCGWINSZ`), `nil` when it has none.
  public static func size(of descriptor: Int32) -> TerminalSize? {
    var window = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else {
      return nil
    }
    return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }

  /// Enters raw mode on the input and, when the output is interactive, turns on bracketed
  /// paste. The original modes come back with `restore()`, or at exit whatever happens.
  ///
  /// - Throws: `TerminalUIError.notATerminal` when the input is not a terminal,
  ///   `TerminalUIError.systemCall` when the modes cannot be set.
  public func enableRawMode() throws {
    try RawMode.enable(
      input: input, output: output, restoresOutputModes: capabilities.isInteractive)
    if capabilities.isInteractive { write(ANSI.enableBracketedPaste) }
  }

  /// Puts the terminal back as it was: original modes, bracketed paste off, cursor shown.
  /// Safe to call more than once and when raw mode was never entered.
  public func restore() {
    RawMode.restore(input: input)
  }

  /// Suspends the process like Ctrl-Z in a shell: restores the terminal, stops with
  /// `SIGTSTP`, and enters raw mode again when the shell resumes it.
  ///
  /// - Throws: what `enableRawMode()` throws when re-entering raw mode fails.
  public func suspend() throws {
    restore()
    kill(getpid(), SIGTSTP)
    try enableRawMode()
  }

  /// Keys from the input and size changes of the window, until end of input or until the
  /// stream is dropped. Read it from one task only; one stream per terminal at a time.
  ///
  /// - Throws: `TerminalUIError.systemCall` when the reader cannot be set up.
  public func events() throws -> AsyncStream<TerminalEvent> {
    let reader = try KeyReader(input: input)
    let (stream, continuation) = AsyncStream.makeStream(
      of: TerminalEvent.self, bufferingPolicy: .unbounded)
    let resizes = SignalWatch(signals: [SIGWINCH]) { [self] _ in
      if let size { continuation.yield(.resize(size)) }
    }
    reader.start(
      deliver: { events in
        for event in events { continuation.yield(.key(event)) }
      },
      finished: { continuation.finish() })
    continuation.onTermination = { _ in
      reader.stop()
      resizes.cancel()
    }
    return stream
  }
}
