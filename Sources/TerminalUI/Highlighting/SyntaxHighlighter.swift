/// What a piece of code is, for colouring.
public enum CodeTokenKind: Hashable, Sendable {
  /// Anything no rule matched.
  case plain
  /// A reserved word, literal or attribute.
  case keyword
  /// A string literal with its delimiters.
  case string
  /// A comment.
  case comment
  /// A number literal.
  case number
}

/// A piece of one line of code.
public struct CodeToken: Hashable, Sendable {
  /// The characters.
  public var text: String
  /// What they are.
  public var kind: CodeTokenKind

  /// A token from its text and kind.
  public init(_ text: String, _ kind: CodeTokenKind) {
    self.text = text
    self.kind = kind
  }
}

/// What the highlighter carries from one line to the next: whether a block comment or a
/// multi-line string is still open. Kept per line so a code block can be drawn line by line
/// while it streams, each line once.
public enum HighlightState: Hashable, Sendable {
  /// Ordinary code.
  case normal
  /// Inside a block comment.
  case blockComment
  /// Inside a string that started with this delimiter.
  case string(delimiter: String)
}

/// Splits lines of code into tokens with simple lexical rules.
public enum SyntaxHighlighter {
  /// The tokens of one line, given the state the previous line left; updates the state.
  public static func tokens(
    of line: String, language: CodeLanguage, state: inout HighlightState
  ) -> [CodeToken] {
    var lexer = LineLexer(characters: Array(line), language: language)
    let tokens = lexer.run(from: state)
    state = lexer.state
    return tokens
  }
}

/// The scanner behind `SyntaxHighlighter` for one line.
private struct LineLexer {
  let characters: [Character]
  let language: CodeLanguage
  var index = 0
  var state = HighlightState.normal
  var tokens: [CodeToken] = []
  var plain = ""

  init(characters: [Character], language: CodeLanguage) {
    self.characters = characters
    self.language = language
  }

  mutating func run(from start: HighlightState) -> [CodeToken] {
    state = start
    switch start {
    case .normal: break
    case .blockComment: scanBlockComment(openerLength: 0)
    case .string(let delimiter): scanString(delimiter: delimiter, openerLength: 0)
    }
    while index < characters.count {
      scanNext()
    }
    flushPlain()
    return tokens
  }

  mutating func scanNext() {
    if let comment = language.blockComment, matches(comment.open) {
      flushPlain()
      scanBlockComment(openerLength: comment.open.count)
      return
    }
    if language.lineComments.contains(where: matches), commentAllowedHere {
      flushPlain()
      emit(String(characters[index...]), .comment)
      index = characters.count
      return
    }
    if let delimiter = language.stringDelimiters.first(where: matches) {
      flushPlain()
      scanString(delimiter: delimiter, openerLength: delimiter.count)
      return
    }
    let character = characters[index]
    if character.isNumber, character.isASCII, !previousIsIdentifier {
      flushPlain()
      scanNumber()
      return
    }
    if isIdentifierStart(character) || language.keywordSigils.contains(character) {
      scanWord()
      return
    }
    plain.append(character)
    index += 1
  }

  var commentAllowedHere: Bool {
    guard language.commentNeedsSeparator, index > 0 else { return true }
    return characters[index - 1].isWhitespace
  }

  var previousIsIdentifier: Bool {
    guard index > 0 else { return false }
    let previous = characters[index - 1]
    return previous.isLetter || previous.isNumber || previous == "_" || previous == "$"
  }

  func isIdentifierStart(_ character: Character) -> Bool {
    character.isLetter || character == "_" || character == "$"
  }

  func matches(_ text: String) -> Bool {
    var position = index
    for character in text {
      guard position < characters.count, characters[position] == character else { return false }
      position += 1
    }
    return true
  }

  mutating func scanBlockComment(openerLength: Int) {
    guard let comment = language.blockComment else { return }
    var text = String(characters[index..<(index + openerLength)])
    index += openerLength
    state = .blockComment
    while index < characters.count {
      if matches(comment.close) {
        text += comment.close
        index += comment.close.count
        state = .normal
        break
      }
      text.append(characters[index])
      index += 1
    }
    emit(text, .comment)
  }

  mutating func scanString(delimiter: String, openerLength: Int) {
    var text = String(characters[index..<(index + openerLength)])
    index += openerLength
    let escapes = !language.rawDelimiters.contains(delimiter)
    var closed = false
    while index < characters.count {
      if escapes, characters[index] == "\\" {
        text.append(characters[index])
        index += 1
        if index < characters.count {
          text.append(characters[index])
          index += 1
        }
        continue
      }
      if matches(delimiter) {
        text += delimiter
        index += delimiter.count
        closed = true
        break
      }
      text.append(characters[index])
      index += 1
    }
    let continues = !closed && language.multilineDelimiters.contains(delimiter)
    state = continues ? .string(delimiter: delimiter) : .normal
    emit(text, .string)
  }

  mutating func scanNumber() {
    var text = ""
    while index < characters.count {
      let character = characters[index]
      let isExponentSign =
        (character == "+" || character == "-")
        && (text.last == "e" || text.last == "E") && !text.hasPrefix("0x")
      let isFraction =
        character == "." && index + 1 < characters.count && characters[index + 1].isNumber
      guard
        character.isHexDigit || character == "_" || character == "x" || character == "X"
          || character == "o" || character == "b" || isExponentSign || isFraction
      else { break }
      text.append(character)
      index += 1
    }
    emit(text, .number)
  }

  mutating func scanWord() {
    var text = String(characters[index])
    index += 1
    while index < characters.count {
      let character = characters[index]
      guard character.isLetter || character.isNumber || character == "_" || character == "$"
      else { break }
      text.append(character)
      index += 1
    }
    let isSigilWord = text.count > 1 && language.keywordSigils.contains(text.first ?? " ")
    if isSigilWord || language.keywords.contains(text) {
      flushPlain()
      emit(text, .keyword)
    } else {
      plain += text
    }
  }

  mutating func flushPlain() {
    guard !plain.isEmpty else { return }
    tokens.append(CodeToken(plain, .plain))
    plain = ""
  }

  mutating func emit(_ text: String, _ kind: CodeTokenKind) {
    guard !text.isEmpty else { return }
    if let last = tokens.last, last.kind == kind {
      tokens[tokens.count - 1].text += text
    } else {
      tokens.append(CodeToken(text, kind))
    }
  }
}
