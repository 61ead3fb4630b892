/// Base64url without padding (RFC 7515 §2, RFC 4648 §5), as JWS and JWK use it.
///
/// Decoding is strict so that one byte string has exactly one accepted text: only
/// `A-Z a-z 0-9 - _`, no `=`, `+`, `/` or whitespace, no length that leaves a lone
/// character, and the unused low bits of the last character must be zero.
public enum Base64URL {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The unpadded base64url text of `bytes`.
  public static func encode<Bytes: Collection>(_ bytes: Bytes) -> String
  where Bytes.Element == UInt8 {
    let input = Array(bytes)
    var output = [UInt8]()
    output.reserveCapacity((input.count * 4 + 2) / 3)
    var index = 0
    while index + 3 <= input.count {
      let chunk =
        UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
        | UInt32(input[index + 2])
      for shift in [18, 12, 6, 0] { output.append(alphabet[Int((chunk >> UInt32(shift)) & 63)]) }
      index += 3
    }
    let remaining = input.count - index
    if remaining == 1 {
      let chunk = UInt32(input[index]) << 16
      output.append(alphabet[Int((chunk >> 18) & 63)])
      output.append(alphabet[Int((chunk >> 12) & 63)])
    } else if remaining == 2 {
      let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
      for shift in [18, 12, 6] { output.append(alphabet[Int((chunk >> UInt32(shift)) & 63)]) }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes `text` encodes, or `nil` when it is not canonical unpadded base64url.
  public static func decode<Text: StringProtocol>(_ text: Text) -> [UInt8]? {
    decode(utf8: Array(text.utf8))
  }

  /// The bytes an ASCII slice encodes, or `nil` when it is not canonical unpadded base64url.
  public static func decode(utf8 text: some Collection<UInt8>) -> [UInt8]? {
    let characters = Array(text)
    guard characters.count % 4 != 1 else { return nil }
    var output = [UInt8]()
    output.reserveCapacity(characters.count * 3 / 4)
    var accumulator: UInt32 = 0
    var bits = 0
    for character in characters {
      guard let value = sextet(character) else { return nil }
      accumulator = accumulator << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        accumulator &= (1 << UInt32(bits)) - 1
      }
    }
    // The leftover bits pad the last byte: a canonical encoder leaves them zero.
    guard accumulator == 0 else { return nil }
    return output
  }

  /// Whether `character` is in the base64url alphabet.
  static func isAlphabetCharacter(_ character: UInt8) -> Bool { sextet(character) != nil }

  private static func sextet(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
    case UInt8(ascii: "-"): 62
    case UInt8(ascii: "_"): 63
    default: nil
    }
  }
}
