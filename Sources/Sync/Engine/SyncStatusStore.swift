import Core
import Foundation
import Storage

/// Keeps an account's last success and last failure in a `KeyValueStore`, so `/sync` can
/// show them after a restart. Keys: `sync.<account>.lastSuccess` (Unix milliseconds) and
/// `sync.<account>.lastFailure` (JSON). A value that cannot be read counts as absent.
struct SyncStatusStore: Sendable {
  let store: any KeyValueStore
  let account: UUID

  private var prefix: String { "sync.\(account.uuidString.lowercased())." }

  /// When the last round succeeded.
  var lastSuccess: Date? {
    store.string(forKey: prefix + "lastSuccess").flatMap(Int64.init).map {
      StorageTime.date(milliseconds: $0)
    }
  }

  /// The failure of the last round, if it failed.
  var lastFailure: SyncFailure? {
    guard let text = store.string(forKey: prefix + "lastFailure") else { return nil }
    return try? JSONDecoder().decode(SyncFailure.self, from: Data(text.utf8))
  }

  /// Records a success at `date` and forgets the last failure.
  func recordSuccess(at date: Date) {
    store.set(String(StorageTime.milliseconds(date)), forKey: prefix + "lastSuccess")
    store.set(nil, forKey: prefix + "lastFailure")
  }

  /// Records `failure`.
  func recordFailure(_ failure: SyncFailure) {
    guard let data = try? JSONEncoder().encode(failure) else { return }
    store.set(String(decoding: data, as: UTF8.self), forKey: prefix + "lastFailure")
  }
}
