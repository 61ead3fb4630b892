import Foundation

/// A hybrid logical clock value (docs/SYNC.md §2): `MMMMMMMMMMMMMMM-CCCCC-DEVICE`, fifteen
/// digits of Unix milliseconds, five digits of counter and the device id in lower case, 58
/// characters. Values order as their strings do, byte by byte.
public struct HybridTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The largest millisecond value fifteen digits hold.
  public static let maxMilliseconds: Int64 = 999_999_999_999_999
  /// The largest counter five digits hold.
  public static let maxCounter = 99_999

  /// Unix milliseconds.
  public let milliseconds: Int64
  /// Orders values issued within one millisecond.
  public let counter: Int
  /// The device that issued the value.
  public let device: UUID

  /// A value from its parts; `nil` when a part does not fit its digits.
  public init?(milliseconds: Int64, counter: Int, device: UUID) {
    guard (0...Self.maxMilliseconds).contains(milliseconds), (0...Self.maxCounter).contains(counter)
    else { return nil }
    self.milliseconds = milliseconds
    self.counter = counter
    self.device = device
  }

  /// Parses the 58-character form; `nil` for anything else.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 58, bytes[15] == UInt8(ascii: "-"), bytes[21] == UInt8(ascii: "-")
    else { return nil }
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    guard bytes[0..<15].allSatisfy(isDigit), bytes[16..<21].allSatisfy(isDigit) else {
      return nil
    }
    let deviceText = String(decoding: bytes[22...], as: UTF8.self)
    // Only the lower-case form is a clock value: upper case would sort differently.
    guard deviceText == deviceText.lowercased(), let device = UUID(uuidString: deviceText),
      device.uuidString.lowercased() == deviceText,
      let milliseconds = Int64(String(decoding: bytes[0..<15], as: UTF8.self)),
      let counter = Int(String(decoding: bytes[16..<21], as: UTF8.self))
    else { return nil }
    self.milliseconds = milliseconds
    self.counter = counter
    self.device = device
  }

  /// The 58-character form.
  public var description: String {
    let time = String(milliseconds)
    let count = String(counter)
    return String(repeating: "0", count: 15 - time.count) + time + "-"
      + String(repeating: "0", count: 5 - count.count) + count + "-"
      + device.uuidString.lowercased()
  }

  /// Byte order of the string forms: time, then counter, then device id.
  public static func < (lhs: HybridTimestamp, rhs: HybridTimestamp) -> Bool {
    if lhs.milliseconds != rhs.milliseconds { return lhs.milliseconds < rhs.milliseconds }
    if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
    return lhs.device.uuidString.lowercased() < rhs.device.uuidString.lowercased()
  }

  /// The value `device` issues after `last` when its wall clock reads `now` (SYNC.md §2):
  /// `max(now, last)` in milliseconds, the counter reset when the millisecond moved forward
  /// and incremented otherwise, moving to the next millisecond past the counter's limit.
  /// `last` may come from another device (the largest remote value seen), so the result is
  /// above it. `nil` only past the year 33658.
  public static func next(
    after last: HybridTimestamp?, now: Date, device: UUID
  )
    -> HybridTimestamp?
  {
    let wall = max(0, Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))
    guard let last, last.milliseconds >= wall else {
      return HybridTimestamp(milliseconds: wall, counter: 0, device: device)
    }
    if last.counter < maxCounter {
      return HybridTimestamp(
        milliseconds: last.milliseconds, counter: last.counter + 1, device: device)
    }
    return HybridTimestamp(milliseconds: last.milliseconds + 1, counter: 0, device: device)
  }
}
