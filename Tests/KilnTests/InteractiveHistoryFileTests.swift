import Foundation
import Testing

@testable import kiln

@Suite struct InteractiveHistoryFileTests {
  private func file(limit: Int = 1000) throws -> (InputHistoryFile, ChatTestHome) {
    let home = try ChatTestHome()
    return (InputHistoryFile(url: home.root.appendingPathComponent("history"), limit: limit), home)
  }

  @Test func entriesSurviveARoundTripExactly() throws {
    let (history, home) = try file()
    let entries = [
      "hello", "two\nlines", #"back\slash \n not a break"#, "tab\there", "émoji 🎉", "trailing\\",
    ]
    try history.save(entries)
    #expect(history.load() == entries)
    _ = home
  }

  @Test func onlyTheNewestEntriesAreKept() throws {
    let (history, home) = try file(limit: 3)
    try history.save(["1", "2", "3", "4", "5"])
    #expect(history.load() == ["3", "4", "5"])
    let text = try String(contentsOf: history.url, encoding: .utf8)
    #expect(text == "3\n4\n5\n")
    _ = home
  }

  @Test func theFileIsPrivateToTheUser() throws {
    let (history, home) = try file()
    try history.save(["my secret plans"])
    let attributes = try FileManager.default.attributesOfItem(atPath: history.url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    try history.save(["replaced"])
    #expect(history.load() == ["replaced"])
    let again = try FileManager.default.attributesOfItem(atPath: history.url.path)
    #expect((again[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    _ = home
  }

  @Test func aMissingFileIsAnEmptyHistory() throws {
    let (history, home) = try file()
    #expect(history.load().isEmpty)
    try history.save([])
    #expect(history.load().isEmpty)
    _ = home
  }

  @Test(arguments: ["plain", "a\nb", "\\n", "\\", "\r\n", ""])
  func encodingIsReversibleAndSingleLine(_ entry: String) {
    let encoded = InputHistoryFile.encode(entry)
    #expect(!encoded.contains("\n"))
    #expect(InputHistoryFile.decode(encoded) == entry)
  }
}
