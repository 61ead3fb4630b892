#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An IPv4 or IPv6 address, parsed from its numeric text.
///
/// An IPv4 address is held IPv4-mapped (`::ffff:a.b.c.d`), so `10.0.0.1` and
/// `::ffff:10.0.0.1` (how a dual-stack socket reports an IPv4 peer) are the same value and
/// both match `10.0.0.0/8`. `description` is the canonical text: dotted for IPv4 (mapped or
/// not), RFC 5952 for IPv6, so one client always has one spelling (rate-limit keys, logs).
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
  /// The address's first 64 bits, most significant first.
  public let high: UInt64
  /// The address's last 64 bits.
  public let low: UInt64

  /// The longest text `init?(_:)` reads (an IPv6 address with an embedded IPv4 one is 45).
  static let maximumTextLength = 45

  /// An address from its 128 bits.
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// Parses `127.0.0.1`, `::1`, `2001:db8::7`, `::ffff:10.0.0.1`; `nil` for anything else
  /// (names, zone identifiers, brackets, ports, leading zeros in IPv4 parts).
  public init?(_ text: some StringProtocol) {
    guard !text.isEmpty, text.utf8.count <= Self.maximumTextLength,
      text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else { return nil }
    let string = String(text)
    if string.utf8.contains(UInt8(ascii: ":")) {
      var address = in6_addr()
      guard inet_pton(AF_INET6, string, &address) == 1 else { return nil }
      let bytes = withUnsafeBytes(of: &address) { Array($0) }
      self.init(bytes: bytes)
    } else {
      var address = in_addr()
      guard inet_pton(AF_INET, string, &address) == 1 else { return nil }
      let bytes = withUnsafeBytes(of: &address) { Array($0) }
      self.init(high: 0, low: 0xFFFF_0000_0000 | Self.integer(bytes))
    }
  }

  /// The 16 bytes of an IPv6 address in network order.
  init(bytes: [UInt8]) {
    self.init(high: Self.integer(bytes[0..<8]), low: Self.integer(bytes[8..<16]))
  }

  private static func integer(_ bytes: some Collection<UInt8>) -> UInt64 {
    bytes.reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// Whether this is an IPv4 address (written as one, or IPv4-mapped).
  public var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

  /// Whether this is the machine itself: `127.0.0.0/8` or `::1`.
  public var isLoopback: Bool {
    isIPv4 ? (low >> 24) & 0xFF == 127 : high == 0 && low == 1
  }

  /// Dotted IPv4 (also for a mapped address), else IPv6 as `inet_ntop` writes it (RFC 5952).
  public var description: String {
    if isIPv4 {
      return (0..<4).reversed().map { String((low >> (8 * UInt64($0))) & 0xFF) }
        .joined(separator: ".")
    }
    var address = in6_addr()
    withUnsafeMutableBytes(of: &address) { raw in
      for index in 0..<8 {
        raw[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
        raw[index + 8] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
      }
    }
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else {
      return String(high, radix: 16) + ":" + String(low, radix: 16)
    }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
