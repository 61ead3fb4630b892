import Foundation
import Localization

/// The English text of Kiln's string tables, as pieces to look for in what `kiln` printed
/// in another language: each English value split at its placeholders and line breaks, the
/// pieces of two words or more and at least `minimumLength` characters. A piece that any
/// Spanish string also holds (a command, a setting's name, a quoted English trigger) is no
/// sign of a missing translation and is left out.
enum EnglishCatalogue {
  static let minimumLength = 12

  /// Every piece of English that a Spanish run must not print.
  static func pieces() throws -> [String] {
    let english = try StringTable.bundled(.english)
    let spanish = try StringTable.bundled(.spanish)
    let spanishValues = Array(spanish.entries.values)
    var pieces = Set<String>()
    for (key, value) in english.entries where spanish[key] != value {
      for piece in split(value) where piece.count >= minimumLength && piece.contains(" ") {
        if !spanishValues.contains(where: { $0.contains(piece) }) { pieces.insert(piece) }
      }
    }
    return pieces.sorted()
  }

  /// The English pieces found in `text`, each once.
  static func leaks(in text: String) throws -> [String] {
    try pieces().filter { text.contains($0) }
  }

  /// `value` without its placeholders (`%@`, `%2$lld`), as trimmed runs of literal text.
  static func split(_ value: String) -> [String] {
    var pieces: [String] = []
    var current = ""
    var index = value.startIndex
    while index < value.endIndex {
      let character = value[index]
      if character == "%" || character == "\n" {
        pieces.append(current)
        current = ""
        index =
          character == "%" ? endOfSpecifier(in: value, from: index) : value.index(after: index)
        continue
      }
      current.append(character)
      index = value.index(after: index)
    }
    pieces.append(current)
    return pieces.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// Just past the specifier starting at `start` (`%@`, `%lld`, `%1$@`, `%%`).
  private static func endOfSpecifier(in value: String, from start: String.Index) -> String.Index {
    var index = value.index(after: start)
    while index < value.endIndex,
      value[index].isNumber || value[index] == "$"
        || value[index] == "l"
    {
      index = value.index(after: index)
    }
    return index < value.endIndex ? value.index(after: index) : index
  }
}
