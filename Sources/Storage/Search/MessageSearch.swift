import Foundation

/// How message search reads a query and ranks results, shared by both implementations.
public enum MessageSearch {
  /// Relevance is ranked among this many most recently stored matches.
  ///
  /// Ranking every match of a common word costs time in proportion to the whole history
  /// (about 160 ms for 100,000 matches); ranking the newest matches keeps a search fast at
  /// any size and favours what the user talked about recently.
  public static let window = 500

  /// One word of a query: folded, and whether it matches as a prefix (`swi*`).
  struct Term: Equatable {
    let text: String
    let isPrefix: Bool

    /// Whether a folded word of a message matches this term.
    func matches(_ word: String) -> Bool {
      isPrefix ? word.hasPrefix(text) : word == text
    }
  }

  /// A parsed query: its words, matched through the index, and its symbols (emoji, `☀`,
  /// `©`), which the index's tokenizer drops and which are therefore matched in the text.
  struct Query: Equatable {
    let terms: [Term]
    let symbols: [String]
  }

  /// The words and symbols of a user's query.
  /// - Throws: `StorageError.invalidInput` when the query has neither.
  static func query(_ text: String) throws -> Query {
    let symbols = self.symbols(in: text)
    let terms = (try? self.terms(text)) ?? []
    if terms.isEmpty && symbols.isEmpty {
      throw StorageError.invalidInput("Type a word to search for.")
    }
    return Query(terms: terms, symbols: symbols)
  }

  /// Runs of symbol characters (not letters, digits, punctuation or spaces), each once.
  static func symbols(in text: String) -> [String] {
    var runs: [String] = []
    var run = ""
    for character in text {
      if isSymbol(character) {
        run.append(character)
      } else if !run.isEmpty {
        if !runs.contains(run) { runs.append(run) }
        run = ""
      }
    }
    if !run.isEmpty, !runs.contains(run) { runs.append(run) }
    return runs
  }

  /// Whether `character` is a symbol the index cannot see: an emoji or another non-ASCII
  /// symbol. ASCII ones (`*`, `^`, `+`, `<`) are operators or separators, as before.
  static func isSymbol(_ character: Character) -> Bool {
    guard !character.isASCII, !character.isLetter, !character.isNumber,
      !character.isWhitespace, !character.isPunctuation
    else { return false }
    return character.isSymbol
      || character.unicodeScalars.contains { $0.properties.isEmojiPresentation }
  }

  /// The words of a user's query. Everything but letters and digits separates words, so
  /// quotes, parentheses, `-`, `:` and FTS operators are plain text.
  /// - Throws: `StorageError.invalidInput` when the query has no words.
  static func terms(_ query: String) throws -> [Term] {
    var terms: [Term] = []
    var word = ""
    for character in query {
      if character.isLetter || character.isNumber {
        word.append(character)
      } else if !word.isEmpty {
        // A `*` right after a word makes it a prefix.
        terms.append(Term(text: TextFolding.fold(word), isPrefix: character == "*"))
        word = ""
      }
    }
    if !word.isEmpty { terms.append(Term(text: TextFolding.fold(word), isPrefix: false)) }
    if terms.isEmpty {
      throw StorageError.invalidInput("Type a word to search for.")
    }
    return terms
  }

  /// The FTS5 expression for `terms`: each word quoted (so it can never be read as an
  /// operator), all required.
  static func ftsExpression(_ terms: [Term]) -> String {
    terms.map { term in
      let quoted = "\"" + term.text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      return term.isPrefix ? quoted + "*" : quoted
    }.joined(separator: " ")
  }

  /// The folded words of `text` with their ranges, as the index tokenizes them.
  static func words(in text: String) -> [(word: String, range: Range<String.Index>)] {
    var result: [(String, Range<String.Index>)] = []
    var start: String.Index?
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character.isLetter || character.isNumber {
        if start == nil { start = index }
      } else if let wordStart = start {
        result.append((TextFolding.fold(String(text[wordStart..<index])), wordStart..<index))
        start = nil
      }
      index = text.index(after: index)
    }
    if let wordStart = start {
      result.append((TextFolding.fold(String(text[wordStart...])), wordStart..<text.endIndex))
    }
    return result
  }
}
