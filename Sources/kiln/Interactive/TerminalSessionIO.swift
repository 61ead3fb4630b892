import TerminalUI

/// The chat's terminal: raw mode, the line editor, and one pump that routes every key.
///
/// All keys and resizes arrive through one stream. The pump reads it on the main actor and
/// decides where each event goes: to the line editor (`LineReader`, which reads its own
/// forwarded stream, so keys typed while a reply streams wait there as type-ahead), to the
/// reply on screen (Ctrl-C stops it, Esc sends it to the background), or to a question
/// being answered (a confirmation, or a password that is never echoed).
@MainActor
final class TerminalSessionIO: SessionIO {
  private enum Mode {
    case editing
    case reply(ReplyControl)
    case question(TerminalQuestion)
  }

  let capabilities: TerminalCapabilities
  private let terminal: Terminal
  private let reader: LineReader
  private let forward: AsyncStream<TerminalEvent>.Continuation
  private var pump: Task<Void, Never>?
  private var mode = Mode.editing
  private var size: TerminalSize
  private var isClosed = false

  /// Enters raw mode and starts reading keys.
  /// - Throws: `TerminalUIError` when standard input is not a terminal or its modes cannot
  ///   be set.
  init(
    capabilities: TerminalCapabilities, history: LineHistory,
    completer: @escaping @Sendable (String) -> [String]
  ) throws {
    let terminal = Terminal(capabilities: capabilities)
    self.terminal = terminal
    self.capabilities = capabilities
    size = terminal.size ?? TerminalSize(columns: 80, rows: 24)
    try terminal.enableRawMode()
    let events: AsyncStream<TerminalEvent>
    do {
      events = try terminal.events()
    } catch {
      terminal.restore()
      throw error
    }
    let (stream, continuation) = AsyncStream.makeStream(
      of: TerminalEvent.self, bufferingPolicy: .unbounded)
    forward = continuation
    reader = LineReader(
      events: stream, output: terminal, capabilities: capabilities, width: size.columns,
      editor: LineEditor(history: history, completer: completer))
    pump = Task { @MainActor [weak self] in
      for await event in events {
        self?.route(event)
      }
      self?.inputEnded()
    }
  }

  var width: Int? { size.columns }
  var rows: Int? { size.rows }
  var isTerminal: Bool { true }

  func write(_ text: String) {
    terminal.write(text)
  }

  func writeError(_ text: String) {
    terminal.write(text)
  }

  func readInput(prompt: StyledText, prefill: String?) async -> SessionInput {
    mode = .editing
    if let prefill, !prefill.isEmpty { forward.yield(.key(.paste(prefill))) }
    while true {
      switch await reader.readLine(prompt: prompt) {
      case .line(let line): return .line(line)
      case .interrupted(let discarded): return .interrupted(discarded: discarded)
      case .endOfFile: return .endOfFile
      case .suspend:
        do {
          try terminal.suspend()
        } catch {
          return .endOfFile
        }
      }
    }
  }

  func ask(_ question: String, secret: Bool) async -> String? {
    write(question)
    let answer = await withCheckedContinuation { continuation in
      mode = .question(
        TerminalQuestion(secret: secret, output: terminal) { continuation.resume(returning: $0) })
    }
    mode = .editing
    return answer
  }

  func beginReply(_ control: ReplyControl) {
    mode = .reply(control)
  }

  func endReply() {
    if case .reply = mode { mode = .editing }
  }

  func submittedLines() async -> [String] {
    await reader.history
  }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    pump?.cancel()
    pump = nil
    forward.finish()
    terminal.restore()
  }

  /// Sends an event as if it came from the keyboard (SIGINT from `kill` acts as Ctrl-C).
  func inject(_ event: TerminalEvent) {
    route(event)
  }

  private func route(_ event: TerminalEvent) {
    if case .resize(let newSize) = event { size = newSize }
    switch mode {
    case .editing:
      forward.yield(event)
    case .reply(let control):
      switch event {
      case .key(.control("c")): control.stop()
      case .key(.escape): control.detach()
      // Ctrl-D typed during a reply would end the chat at the next prompt: drop it.
      case .key(.control("d")): break
      case .resize(let newSize):
        control.resize(newSize)
        forward.yield(event)
      default: forward.yield(event)
      }
    case .question(let question):
      switch event {
      case .key(let key): question.handle(key)
      case .resize: forward.yield(event)
      }
    }
  }

  private func inputEnded() {
    if case .question(let question) = mode { question.cancel() }
    if case .reply(let control) = mode { control.stop() }
    forward.finish()
  }
}

/// One answer typed outside the line editor: echoed as typed, or not at all for a secret.
@MainActor
final class TerminalQuestion {
  private let secret: Bool
  private let output: any TerminalOutput
  private var answer = ""
  private var done: (@MainActor (String?) -> Void)?

  init(secret: Bool, output: any TerminalOutput, done: @escaping @MainActor (String?) -> Void) {
    self.secret = secret
    self.output = output
    self.done = done
  }

  func handle(_ key: KeyEvent) {
    switch key {
    case .text(let text), .paste(let text):
      let typed = String(text.prefix { $0 != "\n" }.filter { !$0.isNewline && $0 != "\t" })
      answer += typed
      if !secret { output.write(typed) }
    case .backspace, .control("h"):
      guard let last = answer.popLast() else { return }
      if !secret {
        let columns = max(1, DisplayWidth.of(String(last)))
        output.write(String(repeating: "\u{8} \u{8}", count: columns))
      }
    case .control("u"):
      if !secret {
        output.write(String(repeating: "\u{8} \u{8}", count: DisplayWidth.of(answer)))
      }
      answer = ""
    case .enter:
      output.write("\n")
      finish(answer)
    case .control("c"):
      output.write("^C\n")
      finish(nil)
    case .control("d") where answer.isEmpty:
      output.write("\n")
      finish(nil)
    default:
      break
    }
  }

  func cancel() {
    finish(nil)
  }

  private func finish(_ value: String?) {
    let done = self.done
    self.done = nil
    done?(value)
  }
}
