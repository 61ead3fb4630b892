/// The lexical rules the highlighter needs for one programming language: enough to colour
/// keywords, strings, comments and numbers, not to parse.
public struct CodeLanguage: Hashable, Sendable {
  /// The canonical name (`swift`, `python`, `javascript`, `typescript`, `json`, `shell`).
  public let name: String
  /// Reserved words and literals drawn in the keyword style.
  let keywords: Set<String>
  /// Prefixes that start a comment running to the end of the line.
  let lineComments: [String]
  /// The delimiters of block comments, if the language has them.
  let blockComment: (open: String, close: String)?
  /// String delimiters, longest first so `"""` wins over `"`.
  let stringDelimiters: [String]
  /// The delimiters whose strings may continue on the next line.
  let multilineDelimiters: Set<String>
  /// Delimiters inside which a backslash does not escape (shell single quotes).
  let rawDelimiters: Set<String>
  /// Characters that may start a word drawn as a keyword (`@` attributes, `#if`).
  let keywordSigils: Set<Character>
  /// Whether a line comment needs whitespace or the line start before it (shell `#`).
  let commentNeedsSeparator: Bool

  /// Languages are equal when their names are: the rules are fixed per name.
  public static func == (lhs: CodeLanguage, rhs: CodeLanguage) -> Bool {
    lhs.name == rhs.name
  }

  /// Hashes the name, consistent with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }

  /// The language a fence's info string names (`swift`, `py`, `tsx`, `bash`, …), or `nil`
  /// for languages without rules, whose code is shown plain.
  public static func named(_ tag: String) -> CodeLanguage? {
    switch tag.lowercased() {
    case "swift": return .swift
    case "python", "py", "python3": return .python
    case "javascript", "js", "jsx", "mjs", "cjs", "node": return .javascript
    case "typescript", "ts", "tsx", "mts", "cts": return .typescript
    case "json", "jsonc", "json5": return .json
    case "sh", "bash", "shell", "zsh", "console", "shellsession", "ksh": return .shell
    default: return nil
    }
  }
}

extension CodeLanguage {
  /// Swift.
  public static let swift = CodeLanguage(
    name: "swift",
    keywords: [
      "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch",
      "class", "continue", "default", "defer", "deinit", "do", "else", "enum", "extension",
      "fallthrough", "false", "fileprivate", "final", "for", "func", "guard", "if", "import",
      "in", "indirect", "init", "inout", "internal", "is", "let", "mutating", "nil",
      "nonisolated", "open", "operator", "override", "package", "private", "protocol",
      "public", "repeat", "rethrows", "return", "self", "Self", "some", "static", "struct",
      "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var",
      "weak", "where", "while", "consuming", "borrowing", "sending", "lazy", "convenience",
      "required", "unowned", "get", "set", "willSet", "didSet",
    ],
    lineComments: ["//"], blockComment: ("/*", "*/"), stringDelimiters: ["\"\"\"", "\""],
    multilineDelimiters: ["\"\"\""], rawDelimiters: [], keywordSigils: ["@", "#"],
    commentNeedsSeparator: false)

  /// Python.
  public static let python = CodeLanguage(
    name: "python",
    keywords: [
      "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
      "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
      "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
      "try", "while", "with", "yield", "match", "case", "self",
    ],
    lineComments: ["#"], blockComment: nil,
    stringDelimiters: ["\"\"\"", "'''", "\"", "'"], multilineDelimiters: ["\"\"\"", "'''"],
    rawDelimiters: [], keywordSigils: ["@"], commentNeedsSeparator: false)

  /// JavaScript (also JSX).
  public static let javascript = CodeLanguage(
    name: "javascript", keywords: javascriptKeywords, lineComments: ["//"],
    blockComment: ("/*", "*/"), stringDelimiters: ["`", "\"", "'"], multilineDelimiters: ["`"],
    rawDelimiters: [], keywordSigils: [], commentNeedsSeparator: false)

  /// TypeScript (also TSX): JavaScript's rules with the type-level keywords.
  public static let typescript = CodeLanguage(
    name: "typescript",
    keywords: javascriptKeywords.union([
      "abstract", "declare", "enum", "implements", "interface", "keyof", "namespace",
      "private", "protected", "public", "readonly", "type", "infer", "is", "satisfies",
      "unknown", "never", "any", "as", "string", "number", "boolean", "void",
    ]),
    lineComments: ["//"], blockComment: ("/*", "*/"), stringDelimiters: ["`", "\"", "'"],
    multilineDelimiters: ["`"], rawDelimiters: [], keywordSigils: ["@"],
    commentNeedsSeparator: false)

  /// JSON: strings, numbers and the three literals.
  public static let json = CodeLanguage(
    name: "json", keywords: ["true", "false", "null"], lineComments: ["//"],
    blockComment: ("/*", "*/"), stringDelimiters: ["\""], multilineDelimiters: [],
    rawDelimiters: [], keywordSigils: [], commentNeedsSeparator: false)

  /// POSIX shells and Bash.
  public static let shell = CodeLanguage(
    name: "shell",
    keywords: [
      "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac",
      "in", "function", "select", "return", "export", "local", "readonly", "declare", "unset",
      "source", "alias", "exit", "set", "shift", "break", "continue", "time",
    ],
    lineComments: ["#"], blockComment: nil, stringDelimiters: ["\"", "'"],
    multilineDelimiters: ["\"", "'"], rawDelimiters: ["'"], keywordSigils: [],
    commentNeedsSeparator: true)

  static let javascriptKeywords: Set<String> = [
    "async", "await", "break", "case", "catch", "class", "const", "continue", "debugger",
    "default", "delete", "do", "else", "export", "extends", "false", "finally", "for", "from",
    "function", "get", "if", "import", "in", "instanceof", "let", "new", "null", "of",
    "return", "set", "static", "super", "switch", "this", "throw", "true", "try", "typeof",
    "undefined", "var", "void", "while", "with", "yield",
  ]
}
