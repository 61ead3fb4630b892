/// The proxies whose `X-Forwarded-For` is believed, and the one rule that turns a request's
/// socket peer and that header into the client's address (decision 25).
///
/// The client is the socket peer unless the peer is trusted. Then the `X-Forwarded-For`
/// entries (every such field, in order, as one list) are walked from the right, the end
/// each trusted proxy appended to: the first entry that is not itself trusted is the
/// client; when every entry is trusted, the left-most is. Only the part of the list that
/// trusted proxies wrote is ever read, so a client cannot choose its address by sending the
/// header itself.
///
/// An entry that is not an address (`unknown`, a name, an obfuscated identifier, garbage)
/// stops the walk at the nearest address vouched for: the last trusted one, which may be the
/// peer. Skipping it instead would let whatever lies to its left (written by anyone) be
/// taken. Entries may carry a port (`203.0.113.7:4711`, `[2001:db8::1]:443`) or brackets;
/// empty list elements are ignored (RFC 9110 §5.6.1). The walk reads at most
/// `maximumEntries` entries of at most `maximumEntryLength` bytes.
public struct TrustedProxies: Sendable, Hashable, CustomStringConvertible {
  /// The trusted blocks, in the order configured.
  public let ranges: [IPAddressRange]

  /// Entries read before the walk stops at the last one read.
  public static let maximumEntries = 32
  /// The longest entry read as an address (`[` IPv6 `]:` port fits); longer is malformed.
  public static let maximumEntryLength = 64

  /// Nothing trusted: the client is always the socket peer (the default).
  public static let none = TrustedProxies(ranges: [])

  /// Trusts the blocks in `ranges`.
  public init(ranges: [IPAddressRange]) {
    self.ranges = ranges
  }

  /// Why a `TRUSTED_PROXIES` value was refused: the entry that is not a CIDR block.
  public struct ParseError: Error, Hashable {
    /// The entry as written, trimmed.
    public var entry: String

    /// The error for `entry`.
    public init(entry: String) {
      self.entry = entry
    }
  }

  /// Parses a comma-separated CIDR list: `10.0.0.0/8, 127.0.0.1/32, ::1/128`; empty
  /// elements are skipped, so an empty value trusts nothing.
  /// - Throws: `ParseError` naming the first entry that is not a block.
  public init(parsing text: String) throws(ParseError) {
    var ranges: [IPAddressRange] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let entry = part.trimmingOptionalWhitespace()
      if entry.isEmpty { continue }
      guard let range = IPAddressRange(entry) else { throw ParseError(entry: String(entry)) }
      ranges.append(range)
    }
    self.init(ranges: ranges)
  }

  /// Whether `address` is one of the trusted proxies.
  public func trusts(_ address: IPAddress) -> Bool {
    ranges.contains { $0.contains(address) }
  }

  /// The client's address for a request from `peer` carrying these `X-Forwarded-For` field
  /// values (in the order received).
  public func clientAddress(peer: IPAddress, forwardedFor values: [String]) -> IPAddress {
    guard trusts(peer), !values.isEmpty else { return peer }
    var client = peer
    var read = 0
    for value in values.reversed() {
      var rest = Substring(value)
      var finished = false
      while !finished {
        let entry: Substring
        if let comma = rest.lastIndex(of: ",") {
          entry = rest[rest.index(after: comma)...]
          rest = rest[..<comma]
        } else {
          entry = rest
          finished = true
        }
        let trimmed = entry.trimmingOptionalWhitespace()
        if trimmed.isEmpty { continue }
        guard let address = Self.address(inEntry: trimmed) else { return client }
        client = address
        read += 1
        if !trusts(address) || read == Self.maximumEntries { return client }
      }
    }
    return client
  }

  /// The address in one `X-Forwarded-For` entry: bare, bracketed, or with a port.
  static func address(inEntry entry: Substring) -> IPAddress? {
    guard entry.utf8.count <= maximumEntryLength else { return nil }
    if entry.hasPrefix("[") {
      guard let close = entry.firstIndex(of: "]") else { return nil }
      let after = entry[entry.index(after: close)...]
      guard after.isEmpty || isPort(after) else { return nil }
      let inside = entry[entry.index(after: entry.startIndex)..<close]
      return inside.contains(":") ? IPAddress(inside) : nil
    }
    if let colon = entry.firstIndex(of: ":"), entry.lastIndex(of: ":") == colon {
      // One colon: IPv4 with a port (IPv6 has at least two).
      guard isPort(entry[colon...]) else { return nil }
      let host = entry[..<colon]
      return host.contains(".") ? IPAddress(host) : nil
    }
    return IPAddress(entry)
  }

  private static func isPort(_ text: Substring) -> Bool {
    let digits = text.dropFirst()
    guard text.first == ":", (1...5).contains(digits.count),
      digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let port = Int(digits)
    else { return false }
    return port <= 65_535
  }

  /// The blocks as `kiln-server config` shows them: `10.0.0.0/8, ::1/128`.
  public var description: String {
    ranges.map(\.description).joined(separator: ", ")
  }
}
