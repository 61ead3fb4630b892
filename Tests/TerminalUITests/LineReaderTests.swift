import Testing

@testable import TerminalUI

@Suite struct LineReaderTests {
  let capabilities = TerminalCapabilities(
    isInteractive: true, colorDepth: .none, supportsUnicode: true)

  func reader(
    _ events: [TerminalEvent], history: [String] = [], finish: Bool = true
  )
    -> (LineReader, RecordingOutput)
  {
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    for event in events { continuation.yield(event) }
    if finish { continuation.finish() }
    let output = RecordingOutput()
    let reader = LineReader(
      events: stream, output: output, capabilities: capabilities, width: 20,
      editor: LineEditor(history: LineHistory(entries: history)))
    return (reader, output)
  }

  @Test func readsALineAndEchoesIt() async {
    let (reader, output) = reader([.key(.text("hi")), .key(.enter)])
    #expect(await reader.readLine(prompt: "> ") == .line("hi"))
    #expect(await reader.history == ["hi"])
    var screen = VirtualScreen()
    screen.apply(output.text)
    #expect(screen.text == "> hi\n")
  }

  @Test func editsBeforeSubmitting() async {
    let (reader, output) = reader([
      .key(.text("helo")), .key(.left), .key(.text("l")), .key(.end), .key(.backspace),
      .key(.text("o!")), .key(.enter),
    ])
    #expect(await reader.readLine(prompt: "> ") == .line("hello!"))
    var screen = VirtualScreen()
    screen.apply(output.text)
    #expect(screen.text == "> hello!\n")
  }

  @Test func historyIsAvailableWithUp() async {
    let (reader, _) = reader([.key(.up), .key(.enter)], history: ["earlier"])
    #expect(await reader.readLine(prompt: "> ") == .line("earlier"))
  }

  @Test func ctrlCAndCtrlDEndTheRead() async {
    let (reader, _) = reader([
      .key(.text("x")), .key(.control("c")), .key(.control("c")), .key(.control("d")),
      .key(.control("z")),
    ])
    #expect(await reader.readLine(prompt: "> ") == .interrupted(discarded: "x"))
    #expect(await reader.readLine(prompt: "> ") == .interrupted(discarded: ""))
    #expect(await reader.readLine(prompt: "> ") == .endOfFile)
    #expect(await reader.readLine(prompt: "> ") == .suspend)
  }

  @Test func endOfInputIsEndOfFile() async {
    let (reader, _) = reader([.key(.text("unfinished"))])
    #expect(await reader.readLine(prompt: "> ") == .endOfFile)
  }

  @Test func resizeChangesTheWidthAndRedraws() async {
    let (reader, output) = reader([
      .key(.text("abc")), .resize(TerminalSize(columns: 50, rows: 10)), .key(.enter),
    ])
    #expect(await reader.readLine(prompt: "> ") == .line("abc"))
    #expect(await reader.width == 50)
    #expect(output.text.components(separatedBy: "> abc").count == 3)
  }

  @Test func completionsAreListedBelowThePrompt() async {
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    for key: KeyEvent in [.text("/p"), .tab, .enter] { continuation.yield(.key(key)) }
    continuation.finish()
    let output = RecordingOutput()
    let editor = LineEditor { _ in ["/persona", "/pin"] }
    let reader = LineReader(
      events: stream, output: output, capabilities: capabilities, width: 40, editor: editor)
    #expect(await reader.readLine(prompt: "> ") == .line("/p"))
    var screen = VirtualScreen()
    screen.apply(output.text)
    #expect(screen.text == "> /p\n/persona  /pin\n> /p\n")
  }

  @Test func eventsBetweenLinesReachTheApp() async {
    let (reader, _) = reader([.key(.control("c")), .key(.text("q"))])
    #expect(await reader.nextEvent() == .key(.control("c")))
    #expect(await reader.nextEvent() == .key(.text("q")))
    #expect(await reader.nextEvent() == nil)
  }
}

extension String {
  func components(separatedBy separator: String) -> [Substring] {
    var parts: [Substring] = []
    var rest = self[...]
    while let range = rest.firstRange(of: separator) {
      parts.append(rest[..<range.lowerBound])
      rest = rest[range.upperBound...]
    }
    parts.append(rest)
    return parts
  }
}
