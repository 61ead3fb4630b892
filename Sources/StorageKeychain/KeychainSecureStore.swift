#if canImport(Security)
  import Foundation
  import Security
  import Storage

  /// A `SecureStore` in the Apple Keychain, for the app on iPhone, iPad and Mac.
  ///
  /// Each key is one generic-password item: `service` names the app, the key is the account.
  /// Items are readable after the device's first unlock following a restart
  /// (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`), so background refreshes work,
  /// and never leave the device: they are not synchronised through iCloud and do not migrate
  /// to another device through a backup. The whole auth session is one item
  /// (`SecureStoreKeys.authSession`). Values never appear in errors or logs; errors name only
  /// the operation, the key and the Keychain's result code.
  ///
  /// An Apple app chooses this store in its own composition, in place of the Linux
  /// `FileSecureStore`, e.g. `KeychainSecureStore(service: "com.example.kiln")`, and hands it
  /// to the Auth session store. Kiln's portable `AppComposition`
  /// does not wire it, because Linux builds cannot.
  ///
  /// Status: builds, unverified. This file has never been compiled: the machines that build
  /// Kiln run Linux, where the `Security` framework does not exist and this module is empty.
  ///
  /// Calls block the caller while the Keychain answers (usually well under a millisecond, but
  /// the first access after launch can be slower); call from a background task, not the main
  /// actor, when that matters.
  public struct KeychainSecureStore: SecureStore {
    /// The service the items belong to (`kSecAttrService`).
    public let service: String
    /// The Keychain access group shared with app extensions, or `nil` for the app's own.
    public let accessGroup: String?

    /// A store for `service`, optionally in a shared `accessGroup`.
    /// - Parameters:
    ///   - service: the items' service; the main bundle's identifier, or `kiln`, by default.
    ///   - accessGroup: an access group listed in the app's Keychain Sharing entitlement, to
    ///     share secrets with extensions; `nil` keeps them to the app.
    public init(service: String = KeychainSecureStore.defaultService, accessGroup: String? = nil) {
      self.service = service
      self.accessGroup = accessGroup
    }

    /// The main bundle's identifier, or `kiln` when there is none (command-line tools).
    public static var defaultService: String {
      Bundle.main.bundleIdentifier ?? "kiln"
    }

    /// The bytes stored under `key`, or `nil`.
    /// - Throws: `StorageError.corrupted` when the item holds no data, `StorageError.failed`
    ///   with the Keychain's result code when it cannot be read (for example while the
    ///   device has not been unlocked since it restarted).
    public func getData(_ key: String) throws -> Data? {
      var query = itemQuery(for: key)
      query[kSecReturnData as String] = true
      query[kSecMatchLimit as String] = kSecMatchLimitOne
      var result: CFTypeRef?
      let status = SecItemCopyMatching(query as CFDictionary, &result)
      switch status {
      case errSecSuccess:
        guard let data = result as? Data else {
          throw StorageError.corrupted("keychain item '\(key)' holds no data")
        }
        return data
      case errSecItemNotFound:
        return nil
      default:
        throw Self.failure(status, operation: "read", key: key)
      }
    }

    /// Stores `data` under `key`, replacing any previous value: the item is updated when it
    /// exists and added when it does not. An item another writer adds in between is updated.
    /// - Throws: `StorageError.failed` with the Keychain's result code.
    public func setData(_ data: Data, for key: String) throws {
      let query = itemQuery(for: key)
      let changes: [String: Any] = [
        kSecValueData as String: data,
        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
      ]
      let updated = SecItemUpdate(query as CFDictionary, changes as CFDictionary)
      switch updated {
      case errSecSuccess:
        return
      case errSecItemNotFound:
        break
      default:
        throw Self.failure(updated, operation: "update", key: key)
      }
      let item = query.merging(changes) { _, new in new }
      let added = SecItemAdd(item as CFDictionary, nil)
      switch added {
      case errSecSuccess:
        return
      case errSecDuplicateItem:
        // Another writer added the item after our update found none: replace its value.
        let retried = SecItemUpdate(query as CFDictionary, changes as CFDictionary)
        guard retried == errSecSuccess else {
          throw Self.failure(retried, operation: "update", key: key)
        }
      default:
        throw Self.failure(added, operation: "add", key: key)
      }
    }

    /// Removes `key`; a missing key does nothing.
    /// - Throws: `StorageError.failed` with the Keychain's result code.
    public func delete(_ key: String) throws {
      let status = SecItemDelete(itemQuery(for: key) as CFDictionary)
      guard status == errSecSuccess || status == errSecItemNotFound else {
        throw Self.failure(status, operation: "delete", key: key)
      }
    }

    // MARK: - Queries

    /// The attributes that identify the item for `key`. Synchronizable items are excluded,
    /// and on macOS the data-protection Keychain (the iOS-style one) is used, so the
    /// accessibility and access group apply there too.
    private func itemQuery(for key: String) -> [String: Any] {
      var query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: service,
        kSecAttrAccount as String: key,
        kSecAttrSynchronizable as String: false,
        kSecUseDataProtectionKeychain as String: true,
      ]
      if let accessGroup {
        query[kSecAttrAccessGroup as String] = accessGroup
      }
      return query
    }

    /// A `StorageError` for a failed Keychain call: the operation, the key, the result code
    /// and the system's description of it. Never the value.
    private static func failure(
      _ status: OSStatus, operation: String, key: String
    )
      -> StorageError
    {
      let message = (SecCopyErrorMessageString(status, nil) as String?) ?? "OSStatus \(status)"
      return .failed(code: Int(status), detail: "keychain \(operation) '\(key)': \(message)")
    }
  }
#endif
