import Foundation

/// Keep-alive connections shared by every request of the clients that use it, for a server
/// that calls the same upstreams again and again (kiln-server's AI proxy).
///
/// On Linux one thread drives every transfer through a single libcurl multi handle, so
/// connections stay open between requests and are reused per origin (HTTP/1.1 keep-alive;
/// HTTP/2 multiplexing where the upstream offers it over TLS), and a thousand concurrent
/// streams cost one thread, not a thousand. A stream whose reader falls behind is paused
/// once `Limits.readAhead` bytes wait for it, and resumed when the reader catches up; a
/// stream that is abandoned is stopped at once and its connection closed.
///
/// Pass it in `HTTPClientConfiguration.connectionPool`; buffered `send` and `stream` then
/// both go through it:
///
/// ```swift
/// let pool = HTTPConnectionPool()
/// let upstream = URLSessionHTTPClient(
///   baseURL: URL(string: "https://openrouter.ai/api/v1"),
///   configuration: HTTPClientConfiguration(connectionPool: pool), clock: .live)
/// ```
///
/// Where libcurl cannot be loaded (and on Apple platforms, where `URLSession` keeps its own
/// connections alive), `unavailableReason` says why and requests go through `URLSession`.
public final class HTTPConnectionPool: Sendable {
  /// How many connections the pool keeps and how far a stream may read ahead of its reader.
  public struct Limits: Sendable, Equatable {
    /// The most connections open to one host at once; further transfers wait for one to
    /// become free, and the wait counts against their head timeout. Over HTTP/1.1 a stream
    /// holds its connection until it ends, so this must cover the concurrent streams a
    /// server expects; over HTTP/2 (TLS upstreams that offer it) one connection carries many.
    public var maximumConnectionsPerHost: Int
    /// The most idle connections kept open for reuse, over every host.
    public var maximumIdleConnections: Int
    /// How long, in seconds, an idle connection is kept before it is closed instead of
    /// reused (servers close idle keep-alive connections too; libcurl's default is 118 s).
    public var maximumIdleTime: Int
    /// How many body bytes a stream may buffer ahead of its reader before it is paused.
    public var readAhead: Int

    /// Limits; the defaults suit a proxy in front of a few upstreams.
    public init(
      maximumConnectionsPerHost: Int = 1_024, maximumIdleConnections: Int = 256,
      maximumIdleTime: Int = 60, readAhead: Int = 64 * 1024
    ) {
      self.maximumConnectionsPerHost = maximumConnectionsPerHost
      self.maximumIdleConnections = maximumIdleConnections
      self.maximumIdleTime = maximumIdleTime
      self.readAhead = readAhead
    }
  }

  /// What the pool is doing, for metrics and tests.
  public struct Statistics: Sendable, Equatable {
    /// Transfers started since the pool was made.
    public var started = 0
    /// Transfers running now (started and not yet ended).
    public var running = 0
    /// Transfers paused now because their reader is behind.
    public var paused = 0
    /// How many times a transfer has been paused since the pool was made.
    public var pauses = 0
    /// How many times another thread's command woke the pool's thread (each submitted,
    /// cancelled or resumed transfer wakes it, unless it was awake already).
    public var wakeUps = 0

    /// Empty statistics.
    public init() {}
  }

  /// The limits this pool was made with.
  public let limits: Limits

  #if os(Linux) && canImport(CCurl)
    let loop: CurlMultiLoop?
  #endif

  /// `nil` when transfers go through the pool; otherwise why they go through `URLSession`.
  public let unavailableReason: String?

  /// A pool with `limits`. On Linux it starts its thread at once when libcurl is available.
  public init(limits: Limits = Limits()) {
    self.limits = limits
    #if os(Linux) && canImport(CCurl)
      if let reason = CurlLibrary.unavailableReason {
        loop = nil
        unavailableReason = reason
      } else {
        switch CurlMultiLoop.start(limits: limits) {
        case .success(let started):
          loop = started
          unavailableReason = nil
        case .failure(let failure):
          loop = nil
          unavailableReason = failure.description
        }
      }
    #else
      unavailableReason = "URLSession keeps connections alive on this platform"
    #endif
  }

  deinit {
    #if os(Linux) && canImport(CCurl)
      loop?.stopWhenIdle()
    #endif
  }

  /// A snapshot of what the pool is doing (all zero when it is unavailable).
  public var statistics: Statistics {
    #if os(Linux) && canImport(CCurl)
      return loop?.statistics.withLock { $0 } ?? Statistics()
    #else
      return Statistics()
    #endif
  }

  /// One line for a person: what carries the pool's transfers.
  public var description: String {
    if let unavailableReason { return "URLSession (\(unavailableReason))" }
    return "one libcurl multi loop, up to \(limits.maximumConnectionsPerHost) connections per host"
  }
}
