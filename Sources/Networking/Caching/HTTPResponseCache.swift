import Core
import Foundation
import Synchronization

/// An in-memory cache of successful `GET` responses, each kept for a synthetic time to live.
///
/// Servers rarely send useful caching headers for API responses, so the client decides how
/// long a response stays fresh (`HTTPCachePolicy`, default `defaultTimeToLive`). Entries are
/// keyed by URL and by a digest of the `Authorization` header, so one user's response is never
/// served to another. Time comes from the injected clock. A response with
/// `Cache-Control: no-store` is never kept; a successful non-`GET` request to a URL drops the
/// cached responses for it.
public final class HTTPResponseCache: Sendable {
  /// What identifies a cached response.
  public struct Key: Hashable, Sendable {
    /// The absolute URL, query included.
    public var url: String
    /// A SHA-256 digest of the `Authorization` value, or empty without one.
    public var credential: String

    /// The key for a request with `authorization` sent to `url`.
    public init(url: URL, authorization: String?) {
      self.url = url.absoluteString
      self.credential = authorization.map { SHA256.hexDigest(of: $0) } ?? ""
    }
  }

  private struct Entry {
    var response: HTTPResponse
    var expires: Date
    var sequence: Int
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    var nextSequence = 0
  }

  /// How long a response stays fresh when the request names no time to live, in seconds.
  public let defaultTimeToLive: TimeInterval
  /// The most responses kept; the oldest go first.
  public let maximumEntries: Int
  private let clock: AppClock
  private let state = Mutex(State())

  /// A cache timed by `clock`.
  public init(defaultTimeToLive: TimeInterval = 60, maximumEntries: Int = 128, clock: AppClock) {
    self.defaultTimeToLive = defaultTimeToLive
    self.maximumEntries = max(1, maximumEntries)
    self.clock = clock
  }

  /// The fresh response for `key`, if any. An expired entry is removed.
  public func response(for key: Key) -> HTTPResponse? {
    let now = clock.now()
    return state.withLock { state in
      guard let entry = state.entries[key] else { return nil }
      guard now < entry.expires else {
        state.entries[key] = nil
        return nil
      }
      return entry.response
    }
  }

  /// Keeps `response` for `timeToLive` seconds (the default when `nil`). Responses that are
  /// not 2xx, or say `Cache-Control: no-store`, are not kept.
  public func store(_ response: HTTPResponse, for key: Key, timeToLive: TimeInterval? = nil) {
    guard response.isSuccess, !Self.forbidsStoring(response) else { return }
    let ttl = timeToLive ?? defaultTimeToLive
    guard ttl > 0 else { return }
    let expires = clock.now().addingTimeInterval(ttl)
    state.withLock { state in
      state.entries[key] = Entry(response: response, expires: expires, sequence: state.nextSequence)
      state.nextSequence += 1
      if state.entries.count > maximumEntries {
        Self.evict(&state, keeping: maximumEntries, now: clock.now())
      }
    }
  }

  /// Drops every response cached for `url`, whoever fetched it.
  public func removeResponses(for url: URL) {
    let target = url.absoluteString
    state.withLock { state in
      state.entries = state.entries.filter { $0.key.url != target }
    }
  }

  /// Drops everything (for example on sign-out).
  public func removeAll() {
    state.withLock { $0.entries.removeAll() }
  }

  /// How many responses are kept, fresh or not.
  public var count: Int { state.withLock { $0.entries.count } }

  private static func forbidsStoring(_ response: HTTPResponse) -> Bool {
    response.headers.values(for: "Cache-Control").contains { $0.lowercased().contains("no-store") }
  }

  private static func evict(_ state: inout State, keeping limit: Int, now: Date) {
    state.entries = state.entries.filter { $0.value.expires > now }
    guard state.entries.count > limit else { return }
    let oldest = state.entries.sorted { $0.value.sequence < $1.value.sequence }
      .prefix(state.entries.count - limit).map(\.key)
    for key in oldest { state.entries[key] = nil }
  }
}
