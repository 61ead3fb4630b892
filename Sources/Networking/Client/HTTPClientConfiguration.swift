import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Settings of a `URLSessionHTTPClient`.
public struct HTTPClientConfiguration: Sendable {
  /// Headers every request gets unless it sets them itself.
  public var defaultHeaders: HTTPHeaders
  /// Timeouts for requests that set none.
  public var timeouts: HTTPTimeouts
  /// The most bytes of a non-2xx body kept for the error; the rest is read and dropped.
  public var maximumErrorBodySize: Int
  /// Makes the `URLSessionConfiguration` sessions start from (proxies, TLS settings, extra
  /// protocol classes). Cache, cookies and timeouts are then overridden by the client.
  public var sessionConfiguration: @Sendable () -> URLSessionConfiguration
  /// Whether streams read the network only as fast as their body is consumed (default
  /// `true`). On Linux this sends streaming requests through libcurl directly, because
  /// corelibs `URLSession` cannot pause a transfer and would otherwise buffer everything a
  /// slow reader has not taken yet. Those streams do not use `sessionConfiguration`; set this
  /// to `false` when a stream must go through it (for example a registered `URLProtocol`).
  /// Buffered requests and Apple platforms always use `URLSession`.
  public var flowControlledStreams: Bool
  /// Keep-alive connections shared with every client given the same pool (default `nil`:
  /// none). When set, buffered requests and streams to `http` and `https` URLs both go
  /// through it on Linux, flow-controlled, and `sessionConfiguration` is not used for them;
  /// where the pool is unavailable (no libcurl, or an Apple platform) they go through
  /// `URLSession` as without one. For servers calling the same upstream many times.
  public var connectionPool: HTTPConnectionPool?

  /// A configuration; the defaults send `Accept: application/json` and use
  /// `HTTPTimeouts.standard`.
  public init(
    defaultHeaders: HTTPHeaders = ["Accept": "application/json"],
    timeouts: HTTPTimeouts = .standard,
    maximumErrorBodySize: Int = 1 << 20,
    sessionConfiguration: @escaping @Sendable () -> URLSessionConfiguration = { .ephemeral },
    flowControlledStreams: Bool = true,
    connectionPool: HTTPConnectionPool? = nil
  ) {
    self.defaultHeaders = defaultHeaders
    self.timeouts = timeouts
    self.maximumErrorBodySize = maximumErrorBodySize
    self.sessionConfiguration = sessionConfiguration
    self.flowControlledStreams = flowControlledStreams
    self.connectionPool = connectionPool
  }
}
