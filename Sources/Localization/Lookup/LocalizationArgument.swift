/// A value substituted into a localized template.
///
/// Templates use `%@` for text and `%lld` (or `%d`) for integers, optionally positional
/// (`%1$@`, `%2$lld`) so a translation can reorder them. Literals convert directly:
/// `localizer.string("settings.version", "2.1")`.
public enum LocalizationArgument: Equatable, Sendable {
  /// Text, inserted as is.
  case text(String)
  /// A whole number, inserted in plain digits without grouping separators.
  case integer(Int)

  /// The characters this argument puts into the string.
  var rendered: String {
    switch self {
    case .text(let text): return text
    case .integer(let number): return String(number)
    }
  }
}

extension LocalizationArgument: ExpressibleByStringLiteral {
  /// Text from a literal.
  public init(stringLiteral value: String) {
    self = .text(value)
  }
}

extension LocalizationArgument: ExpressibleByIntegerLiteral {
  /// A whole number from a literal.
  public init(integerLiteral value: Int) {
    self = .integer(value)
  }
}
