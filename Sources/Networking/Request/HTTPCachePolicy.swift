import Foundation

/// How a `GET` request uses the client's `HTTPResponseCache`. Other methods are never cached.
public enum HTTPCachePolicy: Sendable, Equatable {
  /// Serve a fresh cached response if there is one; otherwise load, and store a successful
  /// response for the cache's default time to live.
  case standard
  /// Like `standard`, but a response loaded now is kept for `seconds`.
  case timeToLive(TimeInterval)
  /// Always load, and store the fresh response (replacing any cached one).
  case reload
  /// Neither read nor write the cache.
  case noCache
}
