/// The JSON text of a sync answer, written straight into bytes: the SQLite store builds
/// `{"results": …}` and `{"changes": …}` with it instead of building values and serializing
/// them, since a page may carry megabytes of message text.
struct SyncJSONOutput {
  private(set) var bytes: [UInt8] = []

  init(reservingCapacity capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  /// The text written so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func raw(_ other: [UInt8]) {
    bytes.append(contentsOf: other)
  }

  /// `"name":` after a comma unless `first`.
  mutating func key(_ name: StaticString, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    raw(name)
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  mutating func null() { raw("null") }

  mutating func bool(_ value: Bool?) {
    guard let value else { return null() }
    raw(value ? "true" : "false")
  }

  mutating func integer(_ value: Int64?) {
    guard let value else { return null() }
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A time as the wire writes it (`SyncWireTime`), or `null`.
  mutating func time(_ milliseconds: Int64?) {
    guard let milliseconds else { return null() }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: SyncWireTime.text(milliseconds).utf8)
    bytes.append(UInt8(ascii: "\""))
  }

  /// A string literal: runs of plain bytes are copied as they are; quotes, backslashes and
  /// control characters are escaped, so the output is valid JSON whatever the text holds.
  mutating func string(_ value: String?) {
    guard var value else { return null() }
    bytes.append(UInt8(ascii: "\""))
    value.withUTF8 { text in
      var runStart = 0
      for index in 0..<text.count {
        let byte = text[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
        runStart = index + 1
        escape(byte)
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<text.count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func escape(_ byte: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    default:
      let digits: [UInt8] = Array("0123456789abcdef".utf8)
      raw("u00")
      bytes.append(digits[Int(byte >> 4)])
      bytes.append(digits[Int(byte & 0x0F)])
    }
  }

  /// A UUID as lower-case text (the store keeps them so already).
  mutating func id(_ value: String?) { string(value) }

  /// A clocks object, keys in byte order.
  mutating func clocks(_ clocks: SyncClocks) {
    bytes.append(UInt8(ascii: "{"))
    var first = true
    for (key, value) in clocks.sorted {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      string(key)
      bytes.append(UInt8(ascii: ":"))
      string(value)
    }
    bytes.append(UInt8(ascii: "}"))
  }
}
