import Core
import Foundation

/// Where the last customer info is kept between launches, one opaque record per app user id.
///
/// The payments client decides what the bytes mean (a versioned JSON record); a store only
/// keeps them. Records are keyed by app user id so one user's entitlements are never judged
/// for another. Synchronous, like `KeyValueStore`: records are small and read at launch.
public protocol CustomerInfoStore: Sendable {
  /// The record saved for `appUserID`, or `nil` when there is none.
  /// - Throws: when the record exists but cannot be read.
  func customerInfoRecord(for appUserID: String) throws -> Data?

  /// Saves `record` for `appUserID`, replacing any earlier one.
  /// - Throws: when it cannot be written.
  func saveCustomerInfoRecord(_ record: Data, for appUserID: String) throws

  /// Removes the record for `appUserID`, if any (sign-out, or a record that no longer reads).
  /// - Throws: when it exists and cannot be removed.
  func removeCustomerInfoRecord(for appUserID: String) throws
}

/// A `CustomerInfoStore` over any `KeyValueStore`: persistent when the key-value store is
/// (the app's preferences store), in memory with `InMemoryKeyValueStore` for tests.
public struct KeyValueCustomerInfoStore: CustomerInfoStore {
  private let store: any KeyValueStore
  private let keyPrefix: String

  /// A store that keeps each record under `keyPrefix` + the app user id.
  public init(store: any KeyValueStore, keyPrefix: String = "payments.customerInfo.") {
    self.store = store
    self.keyPrefix = keyPrefix
  }

  /// The key a record for `appUserID` is kept under.
  public func key(for appUserID: String) -> String { keyPrefix + appUserID }

  /// The record under `key(for:)`, if any.
  public func customerInfoRecord(for appUserID: String) throws -> Data? {
    store.string(forKey: key(for: appUserID)).map { Data($0.utf8) }
  }

  /// Stores `record` as UTF-8 text under `key(for:)`.
  public func saveCustomerInfoRecord(_ record: Data, for appUserID: String) throws {
    store.set(String(decoding: record, as: UTF8.self), forKey: key(for: appUserID))
  }

  /// Removes the value under `key(for:)`.
  public func removeCustomerInfoRecord(for appUserID: String) throws {
    store.set(nil, forKey: key(for: appUserID))
  }
}

/// A `CustomerInfoStore` that keeps one file per app user id in a directory, readable only by
/// its owner and replaced atomically. File names are digests of the app user id, so ids with
/// any characters are safe and do not appear on disk.
public struct FileCustomerInfoStore: CustomerInfoStore {
  /// The directory the records live in; created on the first save.
  public let directory: URL

  /// A store in `directory`.
  public init(directory: URL) {
    self.directory = directory
  }

  /// The file a record for `appUserID` is kept in.
  public func fileURL(for appUserID: String) -> URL {
    let name = "customer-info-" + SHA256.hexDigest(of: appUserID).prefix(32) + ".json"
    return directory.appendingPathComponent(name, isDirectory: false)
  }

  /// The file's contents, or `nil` when there is no file.
  /// - Throws: when the file exists but cannot be read.
  public func customerInfoRecord(for appUserID: String) throws -> Data? {
    let url = fileURL(for: appUserID)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return try Data(contentsOf: url)
  }

  /// Writes the file atomically (owner-only permissions), creating the directory.
  /// - Throws: when the directory or file cannot be written.
  public func saveCustomerInfoRecord(_ record: Data, for appUserID: String) throws {
    let manager = FileManager.default
    try manager.createDirectory(
      at: directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let url = fileURL(for: appUserID)
    try record.write(to: url, options: .atomic)
    try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
  }

  /// Deletes the file, if there is one.
  /// - Throws: when it exists and cannot be deleted.
  public func removeCustomerInfoRecord(for appUserID: String) throws {
    let url = fileURL(for: appUserID)
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    try FileManager.default.removeItem(at: url)
  }
}
