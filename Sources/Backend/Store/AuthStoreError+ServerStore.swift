import Foundation

extension AuthStoreError {
  /// The auth store's error for a failure of the database store both protocols share: the
  /// same reason, so the operator reads one sentence whichever service met it.
  init(_ error: ServerStoreError) {
    switch error {
    case .unavailable(let reason): self = .unavailable(reason)
    case .invalidData(let reason): self = .invalidData(reason)
    }
  }
}

/// How the database stores write the auth store's values as text: ids as UUID text, hashes
/// and password bytes as lower-case hex (two digits a byte).
enum AuthColumn {
  /// `bytes` as lower-case hex.
  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The bytes of hex `text`.
  /// - Throws: `ServerStoreError.invalidData` when `text` is not hex (names the column only).
  static func bytes(_ text: String, column: String) throws(ServerStoreError) -> [UInt8] {
    let digits = Array(text.utf8)
    guard digits.count.isMultiple(of: 2) else {
      throw .invalidData("\(column) is not hex")
    }
    var bytes = [UInt8]()
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else {
        throw .invalidData("\(column) is not hex")
      }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  /// The id `text` names.
  /// - Throws: `ServerStoreError.invalidData` when it is not a UUID.
  static func uuid(_ text: String, column: String) throws(ServerStoreError) -> UUID {
    guard let id = UUID(uuidString: text) else { throw .invalidData("\(column) is not a UUID") }
    return id
  }

  /// An scrypt parameter as the signed 64-bit integer both databases keep.
  /// - Throws: `ServerStoreError.invalidData` when it does not fit (nothing is written).
  static func parameter(_ value: UInt64, name: String) throws(ServerStoreError) -> Int64 {
    guard let stored = Int64(exactly: value) else {
      throw .invalidData("the scrypt \(name) \(value) is too large to store")
    }
    return stored
  }

  /// A stored scrypt parameter.
  /// - Throws: `ServerStoreError.invalidData` when it is negative.
  static func parameter(_ value: Int64, name: String) throws(ServerStoreError) -> UInt64 {
    guard let parameter = UInt64(exactly: value) else {
      throw .invalidData("the stored scrypt \(name) is negative")
    }
    return parameter
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case 48...57: digit - 48
    case 97...102: digit - 87
    case 65...70: digit - 55
    default: nil
    }
  }
}
