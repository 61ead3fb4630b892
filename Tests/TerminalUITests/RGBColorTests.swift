import DesignSystem
import Testing

@testable import TerminalUI

@Suite struct RGBColorTests {
  @Test(arguments: [
    (0xFF0000 as UInt32, 196 as UInt8),
    (0x00FF00, 46),
    (0x0000FF, 21),
    (0xFFFFFF, 231),
    (0x000000, 16),
    (0x808080, 244),
    (0x5F87AF, 67),
    (0x3D9BFF, 75),
  ])
  func mapsToTheNearest256ColourEntry(hex: UInt32, expected: UInt8) {
    #expect(RGBColor(hex).ansi256Index == expected)
  }

  @Test(arguments: [
    (0xFF0000 as UInt32, 9 as UInt8),
    (0xCD0000, 1),
    (0x000000, 0),
    (0xFFFFFF, 15),
    (0x7F7F7F, 8),
  ])
  func mapsToTheNearestBasicColour(hex: UInt32, expected: UInt8) {
    #expect(RGBColor(hex).ansi16Index == expected)
  }

  @Test func splitsHexIntoChannels() {
    #expect(RGBColor(0x123456) == RGBColor(red: 0x12, green: 0x34, blue: 0x56))
  }
}

@Suite struct ANSITests {
  let style = TextStyle([.bold, .underline], foreground: RGBColor(0xFF0000))

  @Test func trueColorUsesTwentyFourBitCodes() {
    #expect(ANSI.sgr(style, depth: .trueColor) == "\u{1B}[1;4;38;2;255;0;0m")
  }

  @Test func fallsBackTo256Colours() {
    #expect(ANSI.sgr(style, depth: .ansi256) == "\u{1B}[1;4;38;5;196m")
  }

  @Test func fallsBackToBasicColoursWithBrightVariants() {
    let background = TextStyle(
      foreground: RGBColor(0xCD0000), background: RGBColor(0xFFFFFF))
    #expect(ANSI.sgr(background, depth: .ansi16) == "\u{1B}[31;107m")
  }

  @Test func everyAttributeHasItsCode() {
    let all = TextStyle([.bold, .dim, .italic, .underline, .inverse, .strikethrough])
    #expect(ANSI.sgr(all, depth: .ansi256) == "\u{1B}[1;2;3;4;7;9m")
  }

  @Test func noDepthMeansNoCodes() {
    #expect(ANSI.sgr(style, depth: .none) == "")
    #expect(ANSI.styled("text", style, depth: .none) == "text")
  }

  @Test func plainStyleAddsNothing() {
    #expect(ANSI.styled("text", .plain, depth: .trueColor) == "text")
  }

  @Test func styledTextEndsWithAReset() {
    #expect(
      ANSI.styled("hi", TextStyle(.italic), depth: .trueColor) == "\u{1B}[3mhi\u{1B}[0m")
  }

  @Test func cursorHelpersWriteNothingForZero() {
    #expect(ANSI.cursorUp(0) == "")
    #expect(ANSI.cursorUp(3) == "\u{1B}[3A")
    #expect(ANSI.cursorDown(2) == "\u{1B}[2B")
    #expect(ANSI.cursorForward(5) == "\u{1B}[5C")
    #expect(ANSI.cursorBack(1) == "\u{1B}[1D")
    #expect(ANSI.cursorToColumn(0) == "\u{1B}[1G")
    #expect(ANSI.eraseRows(1) == "\r\u{1B}[J")
    #expect(ANSI.eraseRows(3) == "\r\u{1B}[2A\u{1B}[J")
  }
}

@Suite struct TextStyleTests {
  @Test func overlayAddsAttributesAndWinsOnColour() {
    let base = TextStyle(
      .bold, foreground: RGBColor(0x111111), background: RGBColor(0x222222))
    let merged = base.merging(TextStyle(.italic, foreground: RGBColor(0x333333)))
    #expect(merged.attributes == [.bold, .italic])
    #expect(merged.foreground == RGBColor(0x333333))
    #expect(merged.background == RGBColor(0x222222))
  }

  @Test func plainIsPlain() {
    #expect(TextStyle.plain.isPlain)
    #expect(!TextStyle(.dim).isPlain)
  }
}
