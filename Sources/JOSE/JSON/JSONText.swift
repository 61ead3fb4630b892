/// Writing JSON text: strings quoted and escaped, values serialized with object members in
/// name order, so equal values always give equal bytes.
public enum JSONText {
  /// `text` as a JSON string literal.
  public static func quoted(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }

  /// The compact JSON text of `value`.
  public static func serialize(_ value: StrictJSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .string(let text): return quoted(text)
    case .number(let number): return format(number)
    case .array(let elements): return "[" + elements.map(serialize).joined(separator: ",") + "]"
    case .object(let members):
      let body = members.sorted { $0.key < $1.key }.map { name, member in
        quoted(name) + ":" + serialize(member)
      }
      return "{" + body.joined(separator: ",") + "}"
    }
  }

  /// A number as JSON: integers up to 2^53 without a fraction, others in Swift's shortest
  /// round-trip form (always valid JSON for finite values).
  static func format(_ number: Double) -> String {
    if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 {
      return String(Int64(number))
    }
    return "\(number)"
  }
}
