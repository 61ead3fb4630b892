extension RGBColor {
  /// Parses `#RRGGBB` or `#RGB` (the `#` is optional, letters in either case). Anything else
  /// (alpha, spaces, other lengths, non-hex digits) is `nil`.
  public init?(hex: String) {
    var digits = Substring(hex)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else { return nil }
    let expanded: String
    switch digits.count {
    case 3: expanded = digits.map { "\($0)\($0)" }.joined()
    case 6: expanded = String(digits)
    default: return nil
    }
    guard let value = UInt32(expanded, radix: 16) else { return nil }
    self.init(value)
  }

  /// `#RRGGBB` in upper case.
  public var hex: String {
    "#" + [red, green, blue].map(Self.twoDigits).joined()
  }

  private static func twoDigits(_ channel: UInt8) -> String {
    let text = String(channel, radix: 16, uppercase: true)
    return channel < 16 ? "0" + text : text
  }
}

extension RGBColor: Codable {
  /// Decodes `"#RRGGBB"`.
  /// - Throws: `DecodingError.dataCorrupted` when the string is not a hex colour.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let color = RGBColor(hex: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Not a #RRGGBB colour: \(text)")
    }
    self = color
  }

  /// Encodes as `"#RRGGBB"`.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(hex)
  }
}
