/// Writing JSON text: strings quoted and escaped, values serialized with object members in
/// name order, so equal values always give equal bytes.
///
/// The writers append UTF-8 to a byte buffer, a run of characters that need no escape at a
/// time; the `String` forms are made from them.
public enum JSONText {
  /// `text` as a JSON string literal.
  public static func quoted(_ text: String) -> String {
    var output: [UInt8] = []
    appendQuoted(text, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// The compact JSON text of `value`.
  public static func serialize(_ value: StrictJSONValue) -> String {
    var output: [UInt8] = []
    append(value, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the compact JSON text of `value` to `output`.
  public static func append(_ value: StrictJSONValue, to output: inout [UInt8]) {
    switch value {
    case .null: output += "null".utf8
    case .bool(let flag): output += (flag ? "true" : "false").utf8
    case .string(let text): appendQuoted(text, to: &output)
    case .number(let number): output += format(number).utf8
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        append(element, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        appendQuoted(member.key, to: &output)
        output.append(UInt8(ascii: ":"))
        append(member.value, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `text` as a JSON string literal to `output`: `"` and `\` escaped, the common
  /// control characters by their short escapes, the other control characters, DEL and the
  /// line and paragraph separators (U+2028, U+2029, which some JavaScript parsers take for
  /// line ends) as `\u` escapes; everything else as its UTF-8.
  public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let escape: Escape?
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00...0x1F, 0x7F:
          escape = .short(byte)
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          escape = .separator(bytes[index + 2])
        default:
          escape = nil
        }
        guard let escape else {
          index += 1
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        index += escape.append(to: &output)
        start = index
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }
    output.append(UInt8(ascii: "\""))
  }

  /// A number as JSON: integers up to 2^53 without a fraction, others in Swift's shortest
  /// round-trip form (always valid JSON for finite values).
  static func format(_ number: Double) -> String {
    if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 {
      return String(Int64(number))
    }
    return "\(number)"
  }

  /// One escaped character.
  private enum Escape {
    /// An ASCII byte.
    case short(UInt8)
    /// U+2028 or U+2029, given by its last UTF-8 byte.
    case separator(UInt8)

    /// Appends the escape; returns how many bytes of the text it stands for.
    func append(to output: inout [UInt8]) -> Int {
      switch self {
      case .short(let byte):
        let named: UInt8? =
          switch byte {
          case UInt8(ascii: "\""): UInt8(ascii: "\"")
          case UInt8(ascii: "\\"): UInt8(ascii: "\\")
          case UInt8(ascii: "\n"): UInt8(ascii: "n")
          case UInt8(ascii: "\r"): UInt8(ascii: "r")
          case UInt8(ascii: "\t"): UInt8(ascii: "t")
          case 0x08: UInt8(ascii: "b")
          case 0x0C: UInt8(ascii: "f")
          default: nil
          }
        if let named {
          output += [UInt8(ascii: "\\"), named]
        } else {
          appendUnicodeEscape(UInt16(byte), to: &output)
        }
        return 1
      case .separator(let last):
        appendUnicodeEscape(last == 0xA8 ? 0x2028 : 0x2029, to: &output)
        return 3
      }
    }

    private func appendUnicodeEscape(_ value: UInt16, to output: inout [UInt8]) {
      let digits = Array("0123456789abcdef".utf8)
      output += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
      for shift in stride(from: 12, through: 0, by: -4) {
        output.append(digits[Int((value >> UInt16(shift)) & 0xF)])
      }
    }
  }
}
