import Foundation
import Synchronization

/// Small persisted preferences (the selected theme, a "seen onboarding" flag).
///
/// Synchronous because preferences are read while building the first screen. Secrets never
/// go here; they belong in a `SecureStore`.
public protocol KeyValueStore: Sendable {
  /// The stored string for `key`, or `nil`.
  func string(forKey key: String) -> String?
  /// Stores `value` for `key`; `nil` removes it.
  func set(_ value: String?, forKey key: String)
}

/// A `KeyValueStore` in memory, for tests and previews.
public final class InMemoryKeyValueStore: KeyValueStore {
  private let values: Mutex<[String: String]>

  public init(_ values: [String: String] = [:]) {
    self.values = Mutex(values)
  }

  public func string(forKey key: String) -> String? {
    values.withLock { $0[key] }
  }

  public func set(_ value: String?, forKey key: String) {
    values.withLock { $0[key] = value }
  }
}
