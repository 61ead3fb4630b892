import Synchronization

/// The payloads of tokens one verifier has accepted, by the token's exact bytes: a client
/// sends the same access token with every request until it refreshes it, and checking its
/// form and signature and reading its JSON again gave the same answer each time, at a few
/// microseconds a request.
///
/// A token is kept only once every rule has passed, and a kept one skips only what cannot
/// change for the same bytes under the same keys: its form (T2-T7) and signature (K1-K3,
/// S1). The claims' rules (C1-C7) are judged again on every use, by the clock of that use.
/// Each verifier has its own, so keys fetched anew start empty. Keys are bytes, not text:
/// strings that Swift holds equal (canonically equivalent Unicode) can differ in bytes, and
/// T2 refuses all but the token's own.
///
/// Bounded in count and size: at most `capacity` tokens of at most `longestKeptToken` bytes
/// each (longer ones are judged every time); when it is full an arbitrary one is forgotten
/// for each new one.
final class VerifiedPayloads: Sendable {
  /// A token's bytes with their hash, worked out before the lock is taken.
  struct Key: Hashable, Sendable {
    let bytes: [UInt8]
    private let digest: Int

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      var hasher = Hasher()
      hasher.combine(bytes)
      digest = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(digest)
    }

    static func == (left: Key, right: Key) -> Bool {
      left.digest == right.digest && left.bytes == right.bytes
    }
  }

  /// The longest token kept, in bytes: Supabase's access tokens take about one kilobyte.
  static let longestKeptToken = 4 * 1024
  /// The most tokens kept: with their payloads, a few megabytes at most.
  static let defaultCapacity = 1_024

  let capacity: Int
  private let payloads = Mutex<[Key: [String: StrictJSONValue]]>([:])

  init(capacity: Int = defaultCapacity) {
    self.capacity = max(1, capacity)
  }

  /// The key of `token`, or `nil` when it is too long to keep.
  static func key(for token: String) -> Key? {
    token.utf8.count <= longestKeptToken ? Key(Array(token.utf8)) : nil
  }

  /// The payload kept for `key`, if its token was accepted before.
  func payload(for key: Key) -> [String: StrictJSONValue]? {
    payloads.withLock { $0[key] }
  }

  /// Keeps `payload` for `key`, whose token has passed every rule.
  func keep(_ payload: [String: StrictJSONValue], for key: Key) {
    payloads.withLock { payloads in
      if payloads.count >= capacity, payloads[key] == nil, let any = payloads.keys.first {
        payloads[any] = nil
      }
      payloads[key] = payload
    }
  }

  /// How many tokens are kept (for tests).
  var count: Int { payloads.withLock { $0.count } }
}
