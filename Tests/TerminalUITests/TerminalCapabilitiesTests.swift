import Testing

@testable import TerminalUI

@Suite struct TerminalCapabilitiesTests {
  let utf8 = ["LANG": "en_US.UTF-8", "TERM": "xterm-256color"]

  @Test func notATerminalMeansNoEscapes() {
    let capabilities = TerminalCapabilities.detect(
      environment: utf8.merging(["COLORTERM": "truecolor"]) { $1 }, outputIsTerminal: false)
    #expect(capabilities.colorDepth == .none)
    #expect(!capabilities.isInteractive)
    #expect(capabilities.supportsUnicode)
  }

  @Test func noColorTurnsStylingOffButKeepsTheTerminalInteractive() {
    let capabilities = TerminalCapabilities.detect(
      environment: utf8.merging(["NO_COLOR": "1"]) { $1 }, outputIsTerminal: true)
    #expect(capabilities.colorDepth == .none)
    #expect(capabilities.isInteractive)
    #expect(!capabilities.usesStyles)
  }

  @Test func emptyNoColorIsIgnored() {
    let capabilities = TerminalCapabilities.detect(
      environment: utf8.merging(["NO_COLOR": ""]) { $1 }, outputIsTerminal: true)
    #expect(capabilities.colorDepth == .ansi256)
  }

  @Test func dumbTerminalGetsNoEscapesAtAll() {
    let capabilities = TerminalCapabilities.detect(
      environment: ["TERM": "dumb"], outputIsTerminal: true)
    #expect(capabilities.colorDepth == .none)
    #expect(!capabilities.isInteractive)
  }

  @Test(arguments: [
    (["COLORTERM": "truecolor"], TerminalCapabilities.ColorDepth.trueColor),
    (["COLORTERM": "24bit"], .trueColor),
    (["TERM_PROGRAM": "iTerm.app"], .trueColor),
    (["TERM": "linux"], .ansi16),
    (["TERM": "xterm-256color"], .ansi256),
    (["TERM": "screen"], .ansi256),
  ])
  func colourDepthFollowsTheEnvironment(
    environment: [String: String], expected: TerminalCapabilities.ColorDepth
  ) {
    let capabilities = TerminalCapabilities.detect(environment: environment, outputIsTerminal: true)
    #expect(capabilities.colorDepth == expected)
  }

  @Test(arguments: [
    (["LANG": "en_US.UTF-8"], true),
    (["LANG": "de_DE.utf8"], true),
    (["LANG": "C"], false),
    ([:], false),
    (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false),
    (["LC_ALL": "", "LC_CTYPE": "UTF-8"], true),
  ])
  func unicodeFollowsTheFirstLocaleVariableSet(environment: [String: String], expected: Bool) {
    let capabilities = TerminalCapabilities.detect(environment: environment, outputIsTerminal: true)
    #expect(capabilities.supportsUnicode == expected)
  }

  @Test func glyphsFollowUnicodeSupport() {
    #expect(TerminalGlyphs.forCapabilities(.plain) == .unicode)
    #expect(TerminalGlyphs.forCapabilities(.ascii) == .ascii)
    #expect(TerminalGlyphs.unicode.bullet(depth: 4) == "◦")
  }
}
