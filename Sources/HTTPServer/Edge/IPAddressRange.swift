/// A CIDR block: `10.0.0.0/8`, `127.0.0.1/32`, `::1/128`, `fd00::/8`.
///
/// An IPv4 block also matches the IPv4-mapped spelling of its addresses (a dual-stack
/// socket's peers), because `IPAddress` holds IPv4 that way. Host bits after the prefix
/// are ignored (`10.1.2.3/8` is `10.0.0.0/8`), as `ip` and most proxies read it.
public struct IPAddressRange: Sendable, Hashable, CustomStringConvertible {
  /// The first address of the block.
  public let network: IPAddress
  /// How many leading bits an address must share with `network`, out of 128.
  public let prefixLength: Int

  /// Parses `address/prefix` (IPv4 prefix 0-32, IPv6 0-128) or a single address (a block of
  /// one); `nil` for anything else.
  public init?(_ text: some StringProtocol) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let address = IPAddress(parts[0]) else { return nil }
    let width = address.isIPv4 && !parts[0].contains(":") ? 32 : 128
    var length = width
    if parts.count == 2 {
      guard !parts[1].isEmpty, parts[1].count <= 3, parts[1].allSatisfy(\.isASCII),
        parts[1].allSatisfy(\.isNumber), let number = Int(parts[1]), number <= width
      else { return nil }
      length = number
    }
    self.init(address, prefixLength: length + (128 - width))
  }

  /// The block of `prefixLength` (0-128) leading bits of `address`.
  public init(_ address: IPAddress, prefixLength: Int) {
    let length = min(128, max(0, prefixLength))
    self.prefixLength = length
    let masks = Self.masks(length)
    network = IPAddress(high: address.high & masks.high, low: address.low & masks.low)
  }

  private static func masks(_ length: Int) -> (high: UInt64, low: UInt64) {
    func mask(_ bits: Int) -> UInt64 {
      bits <= 0 ? 0 : bits >= 64 ? .max : ~(UInt64.max >> UInt64(bits))
    }
    return (mask(length), mask(length - 64))
  }

  /// Whether `address` is in the block.
  public func contains(_ address: IPAddress) -> Bool {
    let masks = Self.masks(prefixLength)
    return address.high & masks.high == network.high && address.low & masks.low == network.low
  }

  /// `network/prefix`, with an IPv4 block's prefix counted in IPv4 bits.
  public var description: String {
    network.isIPv4 && prefixLength >= 96
      ? "\(network)/\(prefixLength - 96)" : "\(network)/\(prefixLength)"
  }
}
