import Foundation
import Testing

@testable import DesignSystem

@Suite struct RGBColorTests {
  @Test(arguments: [
    ("#DE6347", RGBColor(red: 0xDE, green: 0x63, blue: 0x47)),
    ("de6347", RGBColor(red: 0xDE, green: 0x63, blue: 0x47)),
    ("#fff", RGBColor.white),
    ("000", RGBColor.black),
    ("#0a1020", RGBColor(0x0A1020)),
  ])
  func parsesHex(text: String, expected: RGBColor) {
    #expect(RGBColor(hex: text) == expected)
  }

  @Test(arguments: [
    "", "#", "#12", "#1234", "#12345", "#1234567", "#12345678", "#GG0000", " #FFFFFF", "#FF FF FF",
    "#１２３",
  ])
  func rejectsMalformedHex(text: String) {
    #expect(RGBColor(hex: text) == nil)
  }

  @Test func printsUpperCaseHexWithLeadingZeros() {
    #expect(RGBColor(red: 1, green: 0x0A, blue: 0xFF).hex == "#010AFF")
    #expect(RGBColor(0x0A1020).description == "#0A1020")
  }

  @Test func hexRoundTripsForEveryChannelValue() {
    for value in UInt8.min...UInt8.max {
      let color = RGBColor(red: value, green: 255 - value, blue: value / 2)
      #expect(RGBColor(hex: color.hex) == color)
    }
  }

  @Test func integerLiteralAndValueAgree() {
    let color: RGBColor = 0x22D3EE
    #expect(color.rgbValue == 0x22D3EE)
    #expect(color.red == 0x22 && color.green == 0xD3 && color.blue == 0xEE)
    #expect(color.fractions.red == Double(0x22) / 255)
  }

  @Test func luminanceOfBlackAndWhite() {
    #expect(RGBColor.black.relativeLuminance == 0)
    #expect(abs(RGBColor.white.relativeLuminance - 1) < 1e-12)
  }

  @Test func luminanceMatchesTheWCAGFormula() {
    // #767676: each channel 118/255 = 0.4627 → ((0.4627 + 0.055) / 1.055)^2.4 = 0.18116.
    #expect(abs(RGBColor(0x767676).relativeLuminance - 0.181164) < 1e-6)
    // Pure green is weighted 0.7152.
    #expect(abs(RGBColor(0x00FF00).relativeLuminance - 0.7152) < 1e-12)
  }

  @Test func blackOnWhiteIs21() {
    #expect(abs(RGBColor.black.contrastRatio(with: .white) - 21) < 1e-9)
    #expect(RGBColor.white.contrastRatio(with: .white) == 1)
  }

  @Test func contrastIsSymmetric() {
    let coral: RGBColor = 0xDE6347
    let cream: RGBColor = 0xFFF8F0
    #expect(coral.contrastRatio(with: cream) == cream.contrastRatio(with: coral))
  }

  @Test func knownGreysStraddleTheAABoundary() {
    let passing = RGBColor(0x767676).contrastRatio(with: .white)
    let failing = RGBColor(0x777777).contrastRatio(with: .white)
    #expect(abs(passing - 4.54) < 0.01)
    #expect(abs(failing - 4.48) < 0.01)
    #expect(ContrastRequirement.normalText.isMet(by: passing))
    #expect(!ContrastRequirement.normalText.isMet(by: failing))
  }

  @Test func requirementsHaveTheWCAGMinimums() {
    #expect(ContrastRequirement.normalText.minimumRatio == 4.5)
    #expect(ContrastRequirement.largeText.minimumRatio == 3)
    #expect(ContrastRequirement.nonText.minimumRatio == 3)
    #expect(ContrastRequirement.normalText.isMet(by: 4.5))
    #expect(!ContrastRequirement.normalText.isMet(by: 4.499))
    #expect(ContrastRequirement.nonText.isMet(by: 3))
    #expect(!ContrastRequirement.nonText.isMet(by: 2.999))
  }

  @Test func codableUsesHexStrings() throws {
    let data = try JSONEncoder().encode([RGBColor(0x0A1020)])
    #expect(String(decoding: data, as: UTF8.self) == ##"["#0A1020"]"##)
    #expect(try JSONDecoder().decode([RGBColor].self, from: data) == [RGBColor(0x0A1020)])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([RGBColor].self, from: Data(#"["blue"]"#.utf8))
    }
  }
}
