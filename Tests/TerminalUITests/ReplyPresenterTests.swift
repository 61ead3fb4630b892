import Testing

@testable import TerminalUI

@Suite struct ReplyPresenterTests {
  let interactive = TerminalCapabilities(
    isInteractive: true, colorDepth: .none, supportsUnicode: true)

  func presenter(_ capabilities: TerminalCapabilities) -> ReplyPresenter {
    let renderer = MarkdownRenderer(capabilities: capabilities, width: 40)
    return ReplyPresenter(
      renderer: StreamingMarkdownRenderer(
        renderer: renderer,
        mode: StreamingMarkdownRenderer.mode(for: capabilities, terminalRows: 24)),
      spinner: Spinner(label: "Thinking", capabilities: capabilities),
      capabilities: capabilities)
  }

  @Test func spinnerShowsUntilTheFirstTextThenGoes() {
    var reply = presenter(interactive)
    #expect(reply.start() == "\u{1B}[?25l\r⠋ Thinking\u{1B}[K")
    #expect(reply.tick(1) == "\r⠙ Thinking\u{1B}[K")
    let first = reply.append("Hel")
    #expect(first.hasPrefix(Spinner.erase))
    #expect(reply.hasReceivedText)
    #expect(reply.tick(2) == "", "the spinner is gone and everything is drawn")
    var screen = VirtualScreen()
    screen.apply("\r⠙ Thinking\u{1B}[K" + first + reply.append("lo **you**") + reply.finish())
    #expect(screen.text == "Hello you\n")
  }

  @Test func finishShowsTheCursorAgain() {
    var reply = presenter(interactive)
    _ = reply.start()
    _ = reply.append("x")
    #expect(reply.finish().hasSuffix("\u{1B}[?25h"))
    #expect(reply.finish() == "")
    #expect(reply.append("late") == "")
  }

  @Test func anEmptyReplyErasesTheSpinner() {
    var reply = presenter(interactive)
    _ = reply.start()
    #expect(reply.finish() == Spinner.erase + "\u{1B}[?25h")
  }

  @Test func resizeRewrapsWhatIsDrawnNext() {
    var reply = presenter(.plain)
    _ = reply.start()
    var output = reply.append("one two three\n\n")
    reply.resize(width: 8)
    output += reply.append("four five six")
    output += reply.finish()
    #expect(output == "one two three\n\nfour\nfive six\n")
  }

  @Test func pipesGetOnlyTheRenderedText() {
    var reply = presenter(.plain)
    #expect(reply.start() == "")
    #expect(reply.tick(3) == "")
    var output = reply.append("# Title\n\nBody *text*")
    output += reply.finish()
    #expect(output == "# Title\n\nBody text\n")
  }
}
