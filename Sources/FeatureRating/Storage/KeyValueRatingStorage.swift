import Core
import Foundation

/// A `RatingStorage` that keeps the state as JSON under one key of a `KeyValueStore`
/// (UserDefaults on Apple platforms, a preferences file in the terminal app).
///
/// Dates are stored as seconds since 1970, so a state reads back exactly as written.
public struct KeyValueRatingStorage: RatingStorage {
  /// The key used when none is given.
  public static let defaultKey = "rating.state"

  private let store: any KeyValueStore
  private let key: String

  /// Creates a storage over `store`, under `key`.
  public init(store: any KeyValueStore, key: String = KeyValueRatingStorage.defaultKey) {
    self.store = store
    self.key = key
  }

  /// The stored state, or a fresh one when the key is empty.
  /// - Throws: `RatingStorageError.corrupted` when the value is not a rating state.
  public func load() async throws -> RatingState {
    guard let text = store.string(forKey: key) else { return RatingState() }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    do {
      return try decoder.decode(RatingState.self, from: Data(text.utf8))
    } catch {
      throw RatingStorageError.corrupted(String(describing: error))
    }
  }

  /// Stores `state` as JSON.
  /// - Throws: `RatingStorageError.encodingFailed` when the state cannot be encoded (a
  ///   non-finite score).
  public func save(_ state: RatingState) async throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(state)
    } catch {
      throw RatingStorageError.encodingFailed(String(describing: error))
    }
    store.set(String(decoding: data, as: UTF8.self), forKey: key)
  }
}
