import Core
import Foundation
import Localization
import Testing

@Suite struct StringTableTests {
  @Test(arguments: Language.allCases)
  func everyLanguageHasABundledTable(language: Language) throws {
    let table = try StringTable.bundled(language)
    #expect(!table.entries.isEmpty)
    #expect(StringTable.bundledURL(for: language)?.path.contains("\(language.code).lproj") == true)
  }

  @Test func bundledTablesVerify() throws {
    try L10n.verifyBundledStrings()
  }

  @Test func theSpanishFileReallyHoldsSpanish() throws {
    // Guards against the lookup silently answering from the English file.
    let spanish = try StringTable.bundled(.spanish)
    let english = try StringTable.bundled(.english)
    #expect(spanish["chat.placeholder"] == "Escribe un mensaje...")
    #expect(english["chat.placeholder"] == "Type a message...")
  }

  @Test func parsesTheTextFormat() throws {
    let source = """
      /* A block comment */
      "greeting" = "Hello, \\"%@\\"";
      // A line comment
      "unicode" = "Ñandú — “curly” …";
      """
    let table = try StringTable(data: Data(source.utf8))
    #expect(table.entries == ["greeting": "Hello, \"%@\"", "unicode": "Ñandú — “curly” …"])
  }

  @Test func parsesUTF16Files() throws {
    let source = "\"key\" = \"valor en español\";"
    let data = try #require(source.data(using: .utf16))
    #expect(try StringTable(data: data)["key"] == "valor en español")
  }

  @Test func parsesTheBinaryPropertyListXcodeMayProduce() throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["key": "value"], format: .binary, options: 0)
    #expect(try StringTable(data: data)["key"] == "value")
  }

  @Test func rejectsMalformedData() {
    #expect(throws: StringTableError.self) {
      try StringTable(data: Data("\"unterminated = ;".utf8))
    }
    #expect(throws: StringTableError.self) {
      try StringTable(data: Data("(\"an\", \"array\")".utf8))
    }
  }

  @Test func rejectsNonStringValues() throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["key": ["nested": "dictionary"]], format: .binary, options: 0)
    #expect(throws: StringTableError.self) { try StringTable(data: data) }
  }

  @Test func errorsMapToAppError() {
    let error: any Error = StringTableError.missingResource(.spanish)
    #expect(AppError.from(error) == .unknown("Localizable.strings missing for es"))
  }

  @Test(arguments: Language.allCases)
  func bundledFilesHaveNoDuplicateKeys(language: Language) throws {
    // A repeated key parses silently (the last one wins), so read the files' lines; the
    // table is every file's keys together, none repeated across files either.
    var keys: [Substring] = []
    for name in StringTable.bundledFileNames {
      let url = try #require(StringTable.bundledURL(for: language, name: name))
      let text = try String(contentsOf: url, encoding: .utf8)
      keys += text.split(separator: "\n").compactMap { line -> Substring? in
        guard line.hasPrefix("\""), let end = line.dropFirst().firstIndex(of: "\"") else {
          return nil
        }
        return line[line.index(after: line.startIndex)..<end]
      }
    }
    var seen: Set<Substring> = []
    let duplicates = keys.filter { !seen.insert($0).inserted }
    #expect(duplicates.isEmpty)
    #expect(keys.count == (try StringTable.bundled(language)).entries.count)
  }
}
