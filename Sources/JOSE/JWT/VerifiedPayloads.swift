import Synchronization

/// The payloads of tokens whose form (T1-T7) and signature (K1-K3, S1) one verifier has
/// already checked, by the token's exact text: a client sends the same access token with
/// every request until it refreshes it, and checking its signature and reading its JSON
/// again gave the same answer each time, at a few microseconds a request.
///
/// Only what cannot change for a given text under a given set of keys is kept: the claims'
/// rules that depend on the time (C1-C3) and the principal (C4-C7) are judged again on
/// every use. Each verifier has its own, so keys fetched anew start empty, and a token
/// whose form or signature fails is never kept. At most `capacity` tokens are kept; when it is full an
/// arbitrary one is forgotten for each new one.
final class VerifiedPayloads: Sendable {
  /// Tokens are at most `JWTVerifier.tokenLimitRange`'s upper bound long; a few thousand
  /// of the usual few hundred bytes, with their claims, hold a few megabytes.
  static let defaultCapacity = 2_048

  let capacity: Int
  private let payloads = Mutex<[String: [String: StrictJSONValue]]>([:])

  init(capacity: Int = defaultCapacity) {
    self.capacity = max(1, capacity)
  }

  /// The payload kept for `token`, if it was checked before.
  func payload(of token: String) -> [String: StrictJSONValue]? {
    payloads.withLock { $0[token] }
  }

  /// Keeps `payload` for `token`, whose form and signature have passed.
  func keep(_ payload: [String: StrictJSONValue], of token: String) {
    payloads.withLock { payloads in
      if payloads.count >= capacity, payloads[token] == nil, let any = payloads.keys.first {
        payloads[any] = nil
      }
      payloads[token] = payload
    }
  }

  /// How many tokens are kept (for tests).
  var count: Int { payloads.withLock { $0.count } }
}
