import Testing

@testable import TerminalUI

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("hello", 5),
    ("", 0),
    ("日本語", 6),
    ("한국어", 6),
    ("ｶﾀｶﾅ", 4),
    ("ＡＢ", 4),
    ("😀", 2),
    ("👨‍👩‍👧‍👦", 2),
    ("🇫🇷", 2),
    ("e\u{301}", 1),
    ("a\u{200B}b", 2),
    ("☺", 1),
    ("☺\u{FE0F}", 2),
    ("1\u{FE0F}\u{20E3}", 2),
    ("⌚\u{FE0E}", 1),
    ("tab\there", 7),
    ("\u{1B}[1;31mred\u{1B}[0m", 3),
    ("\u{1B}]8;;https://x.org\u{7}link\u{1B}]8;;\u{1B}\\", 4),
    ("a\u{1B}Mb", 2),
    ("中a😀", 5),
  ])
  func countsColumns(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test func combiningMarkAloneTakesNoColumn() {
    #expect(DisplayWidth.of(Character("\u{301}")) == 0)
  }

  @Test func stripsEscapes() {
    #expect(DisplayWidth.strippingEscapes("\u{1B}[2mdim\u{1B}[0m \u{1B}[3Aup") == "dim up")
  }
}
