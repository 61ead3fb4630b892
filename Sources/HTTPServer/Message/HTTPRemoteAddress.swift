/// The address of the socket peer that sent a request.
///
/// This is the TCP peer, which is the reverse proxy when one stands in front; the client
/// behind trusted proxies is `HTTPServerRequest.clientAddress` (`ClientAddressMiddleware`).
public struct HTTPRemoteAddress: Sendable, Hashable, CustomStringConvertible {
  /// The numeric host: `127.0.0.1`, `::1`, `::ffff:10.0.0.1`.
  public var host: String
  /// The peer's port.
  public var port: Int

  /// An address from its parts.
  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  /// Whether the peer is this machine: `127.0.0.0/8`, `::1`, or an IPv4-mapped loopback.
  public var isLoopback: Bool {
    let lowered = host.lowercased()
    if lowered == "::1" { return true }
    let ipv4 = lowered.hasPrefix("::ffff:") ? String(lowered.dropFirst(7)) : lowered
    let parts = ipv4.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
      && parts.allSatisfy { part in UInt8(part).map { _ in true } ?? false }
  }

  /// `host:port`, with brackets around an IPv6 host.
  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
