/// Fills `printf`-style templates from `.strings` tables.
///
/// Kiln formats templates itself instead of calling `String(format:)`: a translation whose
/// specifier does not match the argument (`%@` where an integer is passed) would read
/// arbitrary memory through `CVarArg`; here it only prints the argument as text. The
/// output is also independent of any locale.
///
/// Supported: `%@` (text), `%d` / `%i` / `%u` with optional length modifiers (`%ld`,
/// `%lld`) for integers, positional forms (`%2$@`), and `%%`. Anything else is kept
/// verbatim and reported as `.unsupported` by `specifiers(in:)`.
package enum FormatTemplate {
  /// What a specifier expects.
  package enum Kind: Equatable, Hashable, Sendable {
    /// `%@`.
    case text
    /// `%d`, `%i`, `%u` and their length-modified forms.
    case integer
    /// Any other conversion; the raw text is kept.
    case unsupported(String)
  }

  /// One specifier: which argument (1-based) it reads and what it expects.
  package struct Specifier: Equatable, Hashable, Sendable {
    package let position: Int
    package let kind: Kind

    package init(position: Int, kind: Kind) {
      self.position = position
      self.kind = kind
    }
  }

  private enum Token {
    case literal(String)
    case specifier(Specifier, raw: String)
  }

  /// The specifiers of `template` in order of appearance.
  package static func specifiers(in template: String) -> [Specifier] {
    tokens(of: template).compactMap { token in
      if case .specifier(let specifier, _) = token { return specifier }
      return nil
    }
  }

  /// `template` with each specifier replaced by its argument. A specifier without an
  /// argument, or an unsupported one, stays as written so the mistake is visible.
  package static func render(_ template: String, arguments: [LocalizationArgument]) -> String {
    guard template.contains("%") else { return template }
    var output = ""
    for token in tokens(of: template) {
      switch token {
      case .literal(let text):
        output += text
      case .specifier(let specifier, let raw):
        let index = specifier.position - 1
        if case .unsupported = specifier.kind {
          output += raw
        } else if arguments.indices.contains(index) {
          output += arguments[index].rendered
        } else {
          output += raw
        }
      }
    }
    return output
  }

  private static let lengthModifiers: Set<Character> = ["l", "h", "q", "z", "t", "j"]
  private static let integerConversions: Set<Character> = ["d", "i", "u"]

  private static func tokens(of template: String) -> [Token] {
    let characters = Array(template)
    var tokens: [Token] = []
    var literal = ""
    var nextPosition = 1
    var index = 0
    while index < characters.count {
      let character = characters[index]
      guard character == "%" else {
        literal.append(character)
        index += 1
        continue
      }
      if index + 1 < characters.count, characters[index + 1] == "%" {
        literal.append("%")
        index += 2
        continue
      }
      let start = index
      index += 1
      var position: Int?
      var digits = ""
      var lookahead = index
      while lookahead < characters.count, characters[lookahead].isASCII,
        characters[lookahead].isNumber
      {
        digits.append(characters[lookahead])
        lookahead += 1
      }
      if !digits.isEmpty, lookahead < characters.count, characters[lookahead] == "$" {
        position = Int(digits)
        index = lookahead + 1
      }
      while index < characters.count, lengthModifiers.contains(characters[index]) {
        index += 1
      }
      let conversion: Character? = index < characters.count ? characters[index] : nil
      if conversion != nil { index += 1 }
      let raw = String(characters[start..<index])
      let kind: Kind
      switch conversion {
      case "@": kind = .text
      case .some(let letter) where integerConversions.contains(letter): kind = .integer
      default: kind = .unsupported(raw)
      }
      let resolved = position ?? nextPosition
      if position == nil { nextPosition += 1 }
      if !literal.isEmpty {
        tokens.append(.literal(literal))
        literal = ""
      }
      tokens.append(.specifier(Specifier(position: resolved, kind: kind), raw: raw))
    }
    if !literal.isEmpty { tokens.append(.literal(literal)) }
    return tokens
  }
}
