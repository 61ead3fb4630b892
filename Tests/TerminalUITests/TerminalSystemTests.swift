import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The thin system layer against real descriptors: a pipe for input and a pseudo-terminal
/// for modes and sizes. No sleeping: every wait is on a real event.
@Suite(.serialized) struct TerminalSystemTests {
  let interactive = TerminalCapabilities(
    isInteractive: true, colorDepth: .ansi256, supportsUnicode: true)

  @Test func keyEventsComeFromARealPipeUntilItCloses() async throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let terminal = Terminal(input: descriptors[0], output: -1, capabilities: .plain)
    let events = try terminal.events()
    let bytes = Array("héllo\r\u{1B}[A\u{1B}[200~pa\r\nste\u{1B}[201~".utf8)
    #expect(write(descriptors[1], bytes, bytes.count) == bytes.count)
    close(descriptors[1])
    var keys: [KeyEvent] = []
    for await event in events {
      if case .key(let key) = event { keys.append(key) }
    }
    close(descriptors[0])
    #expect(KeyDecoderTests.joiningText(keys) == [.text("héllo"), .enter, .up, .paste("pa\nste")])
  }

  @Test func stoppingTheReaderEndsItWithoutClosingTheInput() async throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let reader = try KeyReader(input: descriptors[0])
    let (ended, continuation) = AsyncStream.makeStream(of: Void.self)
    reader.start(deliver: { _ in }, finished: { continuation.finish() })
    reader.stop()
    for await _ in ended {}
    #expect(fcntl(descriptors[0], F_GETFD) != -1)
    close(descriptors[0])
    close(descriptors[1])
  }

  @Test func rawModeIsEnteredAndRestored() throws {
    let pty = try #require(PseudoTerminal())
    let original = pty.modes
    #expect(original.c_lflag & tcflag_t(ICANON) != 0)
    let terminal = Terminal(input: pty.secondary, output: pty.secondary, capabilities: interactive)
    try terminal.enableRawMode()
    let raw = pty.modes
    #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
    #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
    #expect(raw.c_oflag == original.c_oflag)
    #expect(pty.readOutput() == ANSI.enableBracketedPaste)
    terminal.restore()
    let restored = pty.modes
    #expect(restored.c_lflag == original.c_lflag)
    #expect(restored.c_iflag == original.c_iflag)
    #expect(pty.readOutput() == ANSI.disableBracketedPaste + ANSI.showCursor)
    terminal.restore()
    #expect(pty.modes.c_lflag == original.c_lflag)
  }

  @Test func restoreAllPutsBackEveryTerminalLikeTheExitHook() throws {
    let pty = try #require(PseudoTerminal())
    let original = pty.modes
    let terminal = Terminal(input: pty.secondary, output: pty.secondary, capabilities: .plain)
    try terminal.enableRawMode()
    try terminal.enableRawMode()
    #expect(pty.modes.c_lflag & tcflag_t(ICANON) == 0)
    RawMode.restoreAll()
    #expect(pty.modes.c_lflag == original.c_lflag)
    #expect(pty.readOutput(timeout: 0) == "")
  }

  @Test func rawModeOnSomethingThatIsNotATerminalFails() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    let terminal = Terminal(input: descriptors[0], output: descriptors[1], capabilities: .plain)
    #expect(throws: TerminalUIError.notATerminal(descriptor: descriptors[0])) {
      try terminal.enableRawMode()
    }
    #expect(!Terminal.isTerminal(descriptors[0]))
  }

  @Test func sizeComesFromTheWindow() throws {
    let pty = try #require(PseudoTerminal())
    pty.setSize(columns: 100, rows: 30)
    #expect(Terminal.isTerminal(pty.secondary))
    let terminal = Terminal(input: pty.secondary, output: -1, capabilities: interactive)
    #expect(terminal.size == TerminalSize(columns: 100, rows: 30))
    #expect(Terminal.size(of: -1) == nil)
  }

  @Test func windowChangesArriveAsResizeEvents() async throws {
    let pty = try #require(PseudoTerminal())
    let terminal = Terminal(input: pty.secondary, output: pty.secondary, capabilities: interactive)
    var events = try terminal.events().makeAsyncIterator()
    pty.setSize(columns: 72, rows: 20)
    kill(getpid(), SIGWINCH)
    #expect(await events.next() == .resize(TerminalSize(columns: 72, rows: 20)))
  }

  @Test func signalsArriveAsAStream() async {
    var signals = SignalEvents.stream([SIGUSR1]).makeAsyncIterator()
    kill(getpid(), SIGUSR1)
    #expect(await signals.next() == SIGUSR1)
  }

  @Test func writesReachTheDescriptor() throws {
    let pty = try #require(PseudoTerminal())
    let terminal = Terminal(input: pty.secondary, output: pty.secondary, capabilities: .plain)
    #expect(terminal.write("plain text"))
    #expect(pty.readOutput() == "plain text")
  }
}

/// The whole input path through a real pseudo-terminal: raw mode, the reader thread, the
/// decoder, the editor and the prompt drawing.
@Suite(.serialized) struct LineReaderPseudoTerminalTests {
  @Test func typedKeysAreEditedAndSubmittedWithoutEcho() async throws {
    let pty = try #require(PseudoTerminal())
    pty.setSize(columns: 40, rows: 10)
    let capabilities = TerminalCapabilities(
      isInteractive: true, colorDepth: .none, supportsUnicode: true)
    let terminal = Terminal(input: pty.secondary, output: pty.secondary, capabilities: capabilities)
    try terminal.enableRawMode()
    defer { terminal.restore() }
    _ = pty.readOutput()
    let reader = LineReader(
      events: try terminal.events(), output: terminal, capabilities: capabilities,
      width: terminal.size?.columns ?? 80)
    async let line = reader.readLine(prompt: "> ")
    let keys = Array("héllo\u{1B}[D\u{7F}\r".utf8)
    #expect(write(pty.main, keys, keys.count) == keys.count)
    #expect(await line == .line("hélo"))
    var screen = VirtualScreen()
    screen.apply(pty.readOutput())
    #expect(screen.text == "> hélo\n")
  }
}
